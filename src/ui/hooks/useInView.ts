/**
 * A result that appears after the person acted is brought to where the eye is: when the element
 * mounts it is scrolled into view (unless it already is) and takes the focus (it needs
 * `tabIndex={-1}`), so a screen reader reads it and the next Tab continues from it.
 */
import { useEffect, useRef } from 'react'

export function useInView<E extends HTMLElement>() {
  const ref = useRef<E>(null)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const box = el.getBoundingClientRect()
    const visible = box.top >= 0 && box.top < window.innerHeight - 80
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
    if (!visible) el.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' })
    el.focus({ preventScroll: true })
  }, [])
  return ref
}
