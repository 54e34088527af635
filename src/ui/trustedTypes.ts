/**
 * The page's one Trusted Types policy, `default` (the CSP says `require-trusted-types-for
 * 'script'; trusted-types default`, scripts/csp.mjs): a string given to a script-URL sink (a
 * worker, the service worker) is let through only when it names this origin or a blob: URL;
 * a string given to an HTML or script sink (innerHTML, eval-like sinks) is refused. The app
 * writes no HTML strings (React builds the DOM), so only script URLs ever reach the policy.
 */
type Policy = { createScriptURL(u: string): string }
type TrustedTypesLike = { createPolicy(name: string, rules: { createScriptURL?: (u: string) => string | null; createHTML?: () => null; createScript?: () => null }): Policy }

export function installTrustedTypesPolicy(): void {
  const tt = (globalThis as { trustedTypes?: TrustedTypesLike }).trustedTypes
  if (!tt) return
  try {
    tt.createPolicy('default', {
      createScriptURL: (u) => {
        const url = new URL(u, location.href)
        return url.origin === location.origin || url.protocol === 'blob:' ? url.href : null
      },
      createHTML: () => null,
      createScript: () => null,
    })
  } catch {
    /* a policy named default already exists (a second copy of the app in this page) */
  }
}
