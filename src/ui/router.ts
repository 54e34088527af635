/**
 * A small history router: the path picks the tool, the query string carries its state.
 *
 * Where the app lives is read from the document, so one build serves from any static host:
 * - path routing under a base read from the page (the manifest link, which the build writes
 *   relative to the app's root): `/tools/ewb/keccak?…` is the route `/keccak?…` when the app
 *   is served at `/tools/ewb/`;
 * - hash routing in the single-file offline build and on `file://` (a page opened from disk
 *   cannot change its path): `ether-workbench.html#/keccak?…`.
 * Routes inside the app are always written `/id?query`; `hrefFor` turns one into a real href.
 */
import { useSyncExternalStore } from 'react'

const NAV_EVENT = 'workbench:navigate'

/** Hash routing: the offline file, or any page opened from disk. */
export const HASH_ROUTING = import.meta.env.MODE === 'offline' || (typeof location !== 'undefined' && location.protocol === 'file:')

function readBase(): string {
  if (typeof document === 'undefined' || HASH_ROUTING) return '/'
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')
  try {
    const u = new URL('.', link?.href || '/')
    if (link?.href && u.origin === location.origin) return u.pathname
  } catch {
    /* no usable link: the root */
  }
  return '/'
}

/** The app's base path, with a trailing slash (`/`, or `/tools/ewb/` under a sub-path). */
export const BASE = readBase()

function subscribe(cb: () => void) {
  window.addEventListener('popstate', cb)
  window.addEventListener('hashchange', cb)
  window.addEventListener(NAV_EVENT, cb)
  return () => {
    window.removeEventListener('popstate', cb)
    window.removeEventListener('hashchange', cb)
    window.removeEventListener(NAV_EVENT, cb)
  }
}

let lastHashRoute = '/'

/** The current route inside the app: `/id?query`. */
function getHref(): string {
  if (HASH_ROUTING) {
    const h = window.location.hash
    // An in-page anchor (the skip link's #main) is not a route: stay where we are.
    if (h.startsWith('#/')) lastHashRoute = h.slice(1)
    else if (h === '' || h === '#') lastHashRoute = '/'
    return lastHashRoute
  }
  const p = window.location.pathname
  const path = p.startsWith(BASE) ? `/${p.slice(BASE.length)}` : p
  return path + window.location.search
}

/** The real href for a route inside the app (`/keccak?x=1` → `/tools/ewb/keccak?x=1`, or `#/keccak?x=1`). */
export function hrefFor(to: string): string {
  if (HASH_ROUTING) return `#${to.startsWith('/') ? to : `/${to}`}`
  return BASE + to.replace(/^\/+/, '')
}

/** The current route's query string (`?a=1`, or empty). */
export function currentSearch(): string {
  const href = getHref()
  const q = href.indexOf('?')
  return q < 0 ? '' : href.slice(q)
}

/** The current path and query, re-rendering on navigation. */
export function useLocation(): { path: string; search: string } {
  const href = useSyncExternalStore(subscribe, getHref, getHref)
  const q = href.indexOf('?')
  return q < 0 ? { path: href, search: '' } : { path: href.slice(0, q), search: href.slice(q) }
}

let navigations = 0

/** Whether the person has moved within the app (a link, the palette) since the page loaded. */
export function hasNavigated(): boolean {
  return navigations > 0
}

export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  if (to === getHref()) return
  navigations++
  if (opts.replace) window.history.replaceState(null, '', hrefFor(to))
  else window.history.pushState(null, '', hrefFor(to))
  window.dispatchEvent(new Event(NAV_EVENT))
}

/** Replaces the query string without a navigation entry (tool state edits). */
export function replaceSearch(search: string): void {
  const href = getHref()
  const q = href.indexOf('?')
  const to = (q < 0 ? href : href.slice(0, q)) + (search ? `?${search.replace(/^\?/, '')}` : '')
  if (to !== href) {
    window.history.replaceState(null, '', hrefFor(to))
    window.dispatchEvent(new Event(NAV_EVENT))
  }
}
