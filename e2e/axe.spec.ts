/**
 * axe-core (the accessibility engine of Lighthouse and Deque's tools) on every page, in light
 * and dark, at 1366×768 and 390×844, with each offline tool's first worked example shown.
 * Every rule axe runs must pass, at WCAG 2.1 AA (contrast included); a violation is listed by
 * rule, page and element.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { allTools, expect, openTool, showFirstExample, test } from './fixtures'

async function violations(page: Page, where: string): Promise<string[]> {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  return r.violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`))
}

for (const scheme of ['light', 'dark'] as const)
  for (const size of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    test(`axe finds nothing on any page at ${size.width}x${size.height} in ${scheme}`, async ({ page }) => {
      test.setTimeout(400_000)
      await page.emulateMedia({ colorScheme: scheme })
      await page.setViewportSize(size)
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 2, name: 'Units' })).toBeVisible()
      const found = await violations(page, '/')
      // The check can fail: an image without alternative text is reported.
      await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<img id="axe-probe" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'))
      expect((await violations(page, '/')).some((v) => v.includes('image-alt'))).toBe(true)
      await page.evaluate(() => document.getElementById('axe-probe')!.remove())
      for (const meta of await allTools()) {
        await openTool(page, meta.id)
        await showFirstExample(page, meta)
        found.push(...(await violations(page, `/${meta.id}`)))
      }
      expect(found).toEqual([])
    })
  }
