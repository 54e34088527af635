import { useSyncExternalStore } from 'react'

/**
 * Whether a media query matches, kept current as the window changes (a phone turned, a window
 * resized). Without `matchMedia` (tests in jsdom) it is `fallback`.
 */
export function useMedia(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia !== 'function') return () => undefined
      const m = matchMedia(query)
      m.addEventListener('change', onChange)
      return () => m.removeEventListener('change', onChange)
    },
    () => (typeof matchMedia === 'function' ? matchMedia(query).matches : fallback),
    () => fallback,
  )
}
