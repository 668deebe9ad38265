import { filterHubs, hubSearchStatus } from "~/components/marketing/filter-hubs";
import { markReady } from "../ready";

/**
 * /hubs: the search filters the cards while typing, with the shared filterHubs (the server uses
 * it for `/hubs?q=...`). The cards are the server's: every hub is in the page, in the list or,
 * when the page was loaded already filtered, in <template id="hub-cards">.
 */
function enhanceHubSearch(
  input: HTMLInputElement,
  list: HTMLElement,
  status: HTMLElement,
  empty: HTMLElement,
  emptyQuery: HTMLElement,
) {
  const template = document.getElementById("hub-cards") as HTMLTemplateElement | null;
  const hubs = [...(template ? template.content : list).children].map((item) => ({
    item,
    title: (item as HTMLElement).dataset.title ?? "",
    description: (item as HTMLElement).dataset.description ?? "",
  }));

  const show = (query: string) => {
    const results = filterHubs(hubs, query);
    list.replaceChildren(...results.map((hub) => hub.item));
    list.hidden = results.length === 0;
    empty.hidden = results.length > 0;
    emptyQuery.textContent = query.trim();
    status.textContent = hubSearchStatus(results.length, hubs.length, query);
  };

  input.addEventListener("input", () => show(input.value));
  // The browser may have kept a typed query across a reload or a step back.
  if (input.value !== input.defaultValue) show(input.value);

  document.getElementById("hub-show-all")?.addEventListener("click", (event) => {
    event.preventDefault();
    input.value = "";
    show("");
    if (window.location.search) window.history.replaceState(window.history.state, "", "/hubs");
  });
}

const [input, list, status, empty, emptyQuery] = [
  "hub-search",
  "hub-results",
  "hub-status",
  "hub-empty",
  "hub-empty-query",
].map((id) => document.getElementById(id));
if (input instanceof HTMLInputElement && list && status && empty && emptyQuery) {
  enhanceHubSearch(input, list, status, empty, emptyQuery);
  markReady();
}
