/**
 * axe-core (the accessibility engine of Lighthouse and Deque's tools) on every page, in light
 * and dark, at 1366×768 and 390×844, with each offline tool's first worked example shown.
 * Every rule axe runs must pass, at WCAG 2.1 AA (contrast included); a violation is listed by
 * rule, page, colour scheme and element.
 *
 * One test per page and size (#41: no test's budget covers a walk over every tool), and axe
 * runs twice on each page, once per colour scheme, switched in place with emulateMedia (the
 * dark theme only changes colours: src/ui/styles.css).
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { allTools, expect, openTool, showFirstExample, test } from './fixtures'

const SCHEMES = ['light', 'dark'] as const

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/**
 * Every violation axe finds on the page as it is. The first run on a loaded page goes through
 * AxeBuilder, which injects axe-core (legacy mode: axe.run in the page itself; the app has no
 * frames); later runs on the same page call that axe.run with the same options, since
 * AxeBuilder would inject the 500 KB engine again and, outside legacy mode, open a blank page
 * for every run (about 0.9 s a run, against 0.06 s).
 */
async function violations(page: Page, where: string): Promise<string[]> {
  const injected = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')
  const r: Pick<AxeResults, 'violations'> = injected
    ? await page.evaluate(
        (tags) => (window as unknown as { axe: { run(c: Document, o: object): Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: tags } }).then((x) => ({ violations: x.violations })),
        TAGS,
      )
    : await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze()
  return r.violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`))
}

/** axe on the page as it is, in each colour scheme in turn (the page is left in light). */
async function violationsInBothSchemes(page: Page, where: string): Promise<string[]> {
  const found: string[] = []
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(scheme)
    found.push(...(await violations(page, `${where} (${scheme})`)))
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return found
}

// The tests may run side by side (each has its own page).
const tools = await allTools()
test.describe.configure({ mode: 'parallel' })

for (const size of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`axe finds nothing on the home page at ${size.width}x${size.height} in light and dark, and sees a planted fault`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize(size)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 2, name: 'Units' })).toBeVisible()
    const found = await violationsInBothSchemes(page, '/')
    // The check can fail, in either scheme: an image without alternative text is reported in
    // both; text in the light theme's text colour (#17181c) only in dark, where it is dark on dark.
    // Built from elements, not an HTML string: the page enforces Trusted Types (#28).
    await page.evaluate(() => {
      const probe = document.createElement('div')
      probe.id = 'axe-probe'
      const img = document.createElement('img')
      img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw='
      const p = document.createElement('p')
      p.style.color = '#17181c'
      p.textContent = 'probe'
      probe.append(img, p)
      document.querySelector('main')!.append(probe)
    })
    const probe = await violationsInBothSchemes(page, '/')
    for (const scheme of SCHEMES) expect(probe.filter((v) => v.startsWith(`/ (${scheme}): image-alt`))).toHaveLength(1)
    expect(probe.filter((v) => v.includes('color-contrast')).map((v) => v.slice(0, v.indexOf(':')))).toEqual(['/ (dark)'])
    expect(found).toEqual([])
  })
  for (const meta of tools) {
    test(`axe finds nothing at ${size.width}x${size.height} in light and dark, with its first example: /${meta.id}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'light' })
      await page.setViewportSize(size)
      await openTool(page, meta.id)
      await showFirstExample(page, meta)
      expect(await violationsInBothSchemes(page, `/${meta.id}`)).toEqual([])
    })
  }
}
