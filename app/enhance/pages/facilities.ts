import { facilitiesSearch, filtersFromForm, type View } from "~/features/facilities/facility-options";
import { markReady } from "../ready";
import { enhanceTabs } from "../tabs";

/**
 * /facilities: a filter change (or a pause in typing) updates the address and the list without
 * a page load. The list is the server's: the page asks its own address for the new HTML and
 * moves the changed parts in. List View and Map View switch in place.
 */
const SEARCH_DELAY_MS = 300;

function enhanceDirectory(form: HTMLFormElement) {
  let view: View = new URLSearchParams(window.location.search).get("view") === "map" ? "map" : "list";
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;

  const enhanceViewTabs = () => {
    const tablist = document.getElementById("facilities-tabs");
    if (!tablist) return;
    enhanceTabs(tablist, (tab) => {
      view = tab.id === "facilities-tab-map" ? "map" : "list";
      window.history.replaceState(window.history.state, "", tab.href);
    });
  };

  /** Moves the server's version of each changing part into the page. */
  const swap = (page: Document) => {
    const status = document.getElementById("facilities-status");
    const freshStatus = page.getElementById("facilities-status");
    // The status keeps its element, so the new count is announced.
    if (status && freshStatus) status.textContent = freshStatus.textContent;
    for (const id of ["facilities-tabs", "facilities-panel-list", "facility-form-actions"]) {
      const fresh = page.getElementById(id);
      if (fresh) document.getElementById(id)?.replaceWith(document.adoptNode(fresh));
    }
    // The panels show the view chosen here, whatever the server thought.
    const list = document.getElementById("facilities-panel-list");
    if (list) list.hidden = view !== "list";
    enhanceViewTabs();
  };

  const apply = async () => {
    clearTimeout(timer);
    const url = `/facilities${facilitiesSearch(filtersFromForm(new FormData(form), view))}`;
    window.history.replaceState(window.history.state, "", url);
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    document.getElementById("facilities-panel-list")?.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(url, { signal: controller.signal });
      swap(new DOMParser().parseFromString(await response.text(), "text/html"));
    } catch {
      // A newer change took over; anything else: load the address the usual way.
      if (!controller.signal.aborted) window.location.assign(url);
    }
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void apply();
  });
  form.addEventListener("change", (event) => {
    if ((event.target as HTMLInputElement).name !== "q") void apply();
  });
  form.addEventListener("input", (event) => {
    if ((event.target as HTMLInputElement).name !== "q") return;
    clearTimeout(timer);
    timer = setTimeout(() => void apply(), SEARCH_DELAY_MS);
  });
  // "Clear filters" (in the form and in the empty list) resets the fields in place.
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest("a[data-clear-filters]");
    if (!link) return;
    event.preventDefault();
    for (const field of form.elements) {
      if (field instanceof HTMLSelectElement) field.value = "all";
      else if (field instanceof HTMLInputElement && field.name === "q") field.value = "";
    }
    void apply();
  });
  enhanceViewTabs();
  // A choice made before this script arrived (or kept by the browser across a reload or a step
  // back) is not in the list yet: show it now.
  if (changedSinceLoad(form)) void apply();
}

/** Whether any field's value differs from the one the page was served with. */
function changedSinceLoad(form: HTMLFormElement): boolean {
  return [...form.elements].some((field) => {
    if (field instanceof HTMLSelectElement) {
      const served = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
      return field.value !== (served?.value ?? "");
    }
    return field instanceof HTMLInputElement && field.name === "q" && field.value !== field.defaultValue;
  });
}

const form = document.getElementById("facility-filters");
if (form instanceof HTMLFormElement) {
  enhanceDirectory(form);
  markReady();
}
