/**
 * The page under the open modal layers (ui/modal-dialog.tsx): while a layer
 * is open, every other child of <body> (the app, its bars, a layer opened
 * before it) is `inert`, as `showModal()` would make it, without the cost of
 * the top layer in a large page. Layers stack: the last one opened is the one
 * that takes input; closing it gives the page back to the one under it.
 */
const open: HTMLElement[] = [];
/** What this module made inert, to give back exactly that (an element inert of its own stays so). */
const madeInert = new Set<HTMLElement>();

function follow(): void {
  const top = open.at(-1);
  for (const element of [...madeInert]) {
    if (top !== undefined && element !== top && element.isConnected) continue;
    element.inert = false;
    madeInert.delete(element);
  }
  if (top === undefined) return;
  for (const child of document.body.children) {
    if (child === top || !(child instanceof HTMLElement) || child.inert) continue;
    child.inert = true;
    madeInert.add(child);
  }
}

/** Makes everything but `layer` (a child of <body>) inert; returns the function that gives the page back. */
export function coverPage(layer: HTMLElement): () => void {
  open.push(layer);
  follow();
  return () => {
    const at = open.indexOf(layer);
    if (at < 0) return;
    open.splice(at, 1);
    follow();
  };
}
