import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { hrefFor, navigate } from '../router'

/** A plain left click (no modifier): the one the page follows itself; the others are the browser's (a new tab, a download). */
export const isPlainClick = (e: MouseEvent<HTMLAnchorElement>): boolean => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey

/** An in-app link: a real <a href> (copyable, middle-click) that navigates without reloading. */
export function Link({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return (
    <a
      href={hrefFor(to)}
      {...rest}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e)
        if (e.defaultPrevented || !isPlainClick(e)) return
        e.preventDefault()
        navigate(to)
      }}
    />
  )
}
