/**
 * A small history router: the path picks the tool, the query string carries its state.
 */
import { useSyncExternalStore } from 'react'

const NAV_EVENT = 'workbench:navigate'

function subscribe(cb: () => void) {
  window.addEventListener('popstate', cb)
  window.addEventListener(NAV_EVENT, cb)
  return () => {
    window.removeEventListener('popstate', cb)
    window.removeEventListener(NAV_EVENT, cb)
  }
}

const getHref = () => window.location.pathname + window.location.search

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
  if (opts.replace) window.history.replaceState(null, '', to)
  else window.history.pushState(null, '', to)
  window.dispatchEvent(new Event(NAV_EVENT))
}

/** Replaces the query string without a navigation entry (tool state edits). */
export function replaceSearch(search: string): void {
  const to = window.location.pathname + (search ? `?${search.replace(/^\?/, '')}` : '')
  if (to !== getHref()) {
    window.history.replaceState(null, '', to)
    window.dispatchEvent(new Event(NAV_EVENT))
  }
}
