/**
 * Every page, at a laptop's size and a phone's, with its first worked example shown: one visit
 * per page and size, and on that visit every check a page as a whole must pass.
 * - Layout (#17): the page does not scroll sideways; headings are in order, with one h1.
 * - Structure (#17): every control has a name (read from the accessibility tree Playwright
 *   computes), ids are unique, one main landmark, a lang on <html>.
 * - axe-core (the accessibility engine of Lighthouse and Deque's tools), in light and dark:
 *   every rule axe runs passes at WCAG 2.1 AA (contrast included); a violation is listed by
 *   rule, page, colour scheme and element.
 *
 * These three were three walks over every page (newcomer, newcomer2 and axe specs), each
 * opening the page and running its example again: about 2,900 s of test time a CI run. One
 * visit serves all three (#41: CI time). One test per page and size: no test's budget covers a
 * walk over every tool, and a fault names its page. The home page's tests also show that each
 * check sees a planted fault.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { allTools, expect, openTool, showFirstExample, test } from './fixtures'

/** Horizontal overflow of the page, and headings that skip a level (h1 > h3). */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = []
    const over = document.documentElement.scrollWidth - window.innerWidth
    if (over > 0) {
      const wide = [...document.querySelectorAll<HTMLElement>('main *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
      faults.push(`scrolls sideways by ${over}px (${wide.join(', ')})`)
    }
    let last = 0
    for (const h of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
      if ((h as HTMLElement).closest('dialog:not([open])')) continue
      const level = Number(h.tagName[1])
      if (last === 0 && level !== 1) faults.push(`first heading is ${h.tagName} "${h.textContent}"`)
      else if (level > last + 1) faults.push(`${h.tagName} "${h.textContent}" after h${last}`)
      last = level
    }
    if (document.querySelectorAll('h1').length !== 1) faults.push(`${document.querySelectorAll('h1').length} h1 headings`)
    return faults
  })
}

/**
 * What axe's structural rules look for, read from the accessibility tree Playwright computes
 * (ariaSnapshot) and the DOM: controls without a name, headings out of order, repeated ids.
 */
async function structureFaults(page: Page): Promise<string[]> {
  const faults: string[] = []
  const tree = await page.locator('body').ariaSnapshot()
  if (!/- heading "/.test(tree)) faults.push('no named heading in the accessibility tree (is the snapshot read right?)')
  for (const line of tree.split('\n')) {
    const m = /^\s*- (button|textbox|combobox|checkbox|link|radio|spinbutton|slider|switch|searchbox|img)(\s*\[[^\]]*\])?(:.*)?$/.exec(line)
    if (m) faults.push(`unnamed ${m[1]}: ${line.trim()}`)
  }
  faults.push(
    ...(await page.evaluate(() => {
      const out: string[] = []
      let last = 0
      for (const h of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
        if ((h as HTMLElement).closest('dialog:not([open]), [hidden]')) continue
        const level = Number(h.tagName[1])
        if (level > last + 1) out.push(`${h.tagName} "${h.textContent}" after h${last}`)
        last = level
      }
      const ids = [...document.querySelectorAll('[id]')].map((e) => e.id)
      for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i))) out.push(`id "${id}" is used more than once`)
      if (document.querySelectorAll('main').length !== 1) out.push(`${document.querySelectorAll('main').length} main landmarks`)
      if (!document.documentElement.lang) out.push('no lang on <html>')
      return out
    })),
  )
  return faults
}

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
async function axeViolations(page: Page, where: string): Promise<string[]> {
  const injected = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')
  const r: Pick<AxeResults, 'violations'> = injected
    ? await page.evaluate(
        (tags) => (window as unknown as { axe: { run(c: Document, o: object): Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: tags } }).then((x) => ({ violations: x.violations })),
        TAGS,
      )
    : await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze()
  return r.violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`))
}

/**
 * axe on the page as it is, in each colour scheme in turn, switched in place with emulateMedia
 * (the dark theme only changes colours: src/ui/styles.css). The page is left in light.
 */
async function axeInBothSchemes(page: Page, where: string): Promise<string[]> {
  const found: string[] = []
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(scheme)
    found.push(...(await axeViolations(page, `${where} (${scheme})`)))
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return found
}

/** The three checks on the page as it is; each reported on its own (soft), so one run names every fault. */
async function checkPage(page: Page, where: string) {
  expect.soft(await layoutFaults(page), `${where}: layout (sideways scroll, heading order)`).toEqual([])
  expect.soft(await structureFaults(page), `${where}: structure (names, ids, landmarks)`).toEqual([])
  expect.soft(await axeInBothSchemes(page, where), `${where}: axe, light and dark`).toEqual([])
}

/**
 * Plants an image with no alternative text, a text in the light theme's text colour (#17181c,
 * dark on dark in the dark theme), an unlabelled input, a repeated id, a 3,000 px wide block and
 * an h6 straight after the page's last heading (h2 to h4). Built from elements,
 * not an HTML string: the page enforces Trusted Types (#28).
 */
async function plantFaults(page: Page) {
  await page.evaluate(() => {
    const probe = document.createElement('div')
    probe.id = 'probe'
    const span = document.createElement('span')
    span.id = 'probe'
    const img = document.createElement('img')
    img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw='
    const p = document.createElement('p')
    p.style.color = '#17181c'
    p.textContent = 'probe'
    const wide = document.createElement('div')
    wide.style.width = '3000px'
    wide.style.height = '1px'
    const h6 = document.createElement('h6')
    h6.textContent = 'probe heading'
    probe.append(document.createElement('input'), span, img, p, wide, h6)
    document.querySelector('main')!.append(probe)
  })
}

const tools = await allTools()
// The tests are many and independent (each has its own page): both workers take them.
test.describe.configure({ mode: 'parallel' })

for (const size of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width}x${size.height}, home: layout, structure and axe (light and dark) find nothing, and each sees a planted fault`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize(size)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 2, name: 'Units' })).toBeVisible()
    await checkPage(page, '/')
    // Each check can fail: planted faults are reported by the check meant to see them.
    await plantFaults(page)
    const layout = await layoutFaults(page)
    expect(layout).toEqual(expect.arrayContaining([expect.stringMatching(/^scrolls sideways by \d+px/), expect.stringMatching(/^H6 "probe heading" after h[1-4]$/)]))
    expect(await structureFaults(page)).toEqual(expect.arrayContaining([expect.stringMatching(/^unnamed textbox/), 'id "probe" is used more than once']))
    // axe: the image without alternative text in both schemes; the dark text only in dark.
    const axe = await axeInBothSchemes(page, '/')
    for (const scheme of SCHEMES) expect(axe.filter((v) => v.startsWith(`/ (${scheme}): image-alt`))).toHaveLength(1)
    expect(axe.filter((v) => v.includes('color-contrast')).map((v) => v.slice(0, v.indexOf(':')))).toEqual(['/ (dark)'])
  })
  for (const meta of tools) {
    test(`at ${size.width}x${size.height}, with its first example: layout, structure and axe (light and dark) find nothing: /${meta.id}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'light' })
      await page.setViewportSize(size)
      await openTool(page, meta.id)
      await showFirstExample(page, meta)
      await checkPage(page, `/${meta.id}`)
    })
  }
}
