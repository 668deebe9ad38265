import { enhanceAccordions } from "../accordion";
import { markReady } from "../ready";

/** /for-facilities: the FAQ accordion. */
enhanceAccordions();
markReady();
