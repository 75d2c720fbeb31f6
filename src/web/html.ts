/**
 * Server-rendered HTML for the portal and the console: `html` tagged templates (htm) build preact
 * elements and preact-render-to-string writes them out. Every interpolated value is text or an
 * attribute value and is escaped by the renderer; there is no way to write raw HTML from a value
 * (preact's one escape hatch for raw markup is refused by a test over the sources).
 */
import type { ComponentChildren, VNode } from 'preact';
import { html } from 'htm/preact';
import { renderToString } from 'preact-render-to-string';

export { html };

export type { ComponentChildren, VNode };

/** A whole document: the doctype, then the rendered element tree. */
export function renderDocument(root: VNode | VNode[] | string): string {
  return `<!doctype html>${renderToString(root as VNode)}`;
}
