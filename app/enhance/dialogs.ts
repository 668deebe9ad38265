/**
 * The dialogs the server renders open when the address names them (components/ui/dialog.tsx:
 * `<dialog open data-dialog-param="pay">` for `?pay=<id>`). Here they become modal: the focus is
 * trapped, Escape closes, the page behind is inert. A closed dialog leaves the address (the
 * parameter goes, the history entry stays), so a reload does not open it again.
 */
const params = new Set<string>();

/** Drops search parameters from the address without a new history entry (nothing is loaded). */
export function dropParams(names: Iterable<string>): void {
  const url = new URL(window.location.href);
  let changed = false;
  for (const name of names) {
    if (url.searchParams.has(name)) {
      url.searchParams.delete(name);
      changed = true;
    }
  }
  if (changed) window.history.replaceState(window.history.state, "", url);
}

/**
 * Opens every server-opened dialog in `root` as a modal. Call again with each new rendering of the
 * page (a form's answer): a dialog the answer no longer has (its work is done) leaves the address too.
 */
export function settleDialogs(root: ParentNode): void {
  const open = new Set<string>();
  for (const dialog of root.querySelectorAll<HTMLDialogElement>("dialog[data-dialog-param]")) {
    const param = dialog.dataset.dialogParam ?? "";
    params.add(param);
    if (!dialog.open) continue;
    open.add(param);
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    dialog.addEventListener("close", () => {
      // close() above queues a close event too: only a dialog that stayed closed leaves the address.
      if (!dialog.open) dropParams([param]);
    });
  }
  dropParams([...params].filter((p) => !open.has(p)));
}
