/** Light, dark, or the system's choice; remembered in localStorage (not a secret). */
export type Theme = 'system' | 'light' | 'dark'
const KEY = 'workbench:theme'

export function loadTheme(): Theme {
  try {
    const t = localStorage.getItem(KEY)
    return t === 'light' || t === 'dark' ? t : 'system'
  } catch {
    return 'system'
  }
}

export function applyTheme(t: Theme): void {
  const root = document.documentElement
  if (t === 'system') root.removeAttribute('data-theme')
  else root.setAttribute('data-theme', t)
  try {
    if (t === 'system') localStorage.removeItem(KEY)
    else localStorage.setItem(KEY, t)
  } catch {
    /* storage may be disabled: the theme still applies for this visit */
  }
}
