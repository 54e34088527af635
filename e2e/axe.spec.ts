/**
 * axe-core (the accessibility engine of Lighthouse and Deque's tools) on every page, in light
 * and dark, at 1366×768 and 390×844, with each offline tool's first worked example shown.
 * Every rule axe runs must pass, at WCAG 2.1 AA (contrast included); a violation is listed by
 * rule, page and element.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, openTool, test } from './fixtures'

async function allTools() {
  const { registry } = await import('../src/tools/registry')
  return registry.map((e) => e.meta)
}

const isLive = (m: { live?: boolean; runs: string }) => m.live ?? m.runs === 'main'

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
        const first = meta.examples[0]
        if (first && meta.runs !== 'network') {
          await page.getByRole('navigation', { name: 'Examples' }).getByRole('button', { name: first.title, exact: true }).click()
          const form = page.locator('form[data-run]')
          if (!isLive(meta) && (await form.count())) {
            await form.first().locator('input, select, textarea').first().press('Control+Enter')
            await expect(form.first()).toHaveAttribute('data-fresh', 'true', { timeout: 60_000 })
          } else if (await form.count()) await expect(form.first()).toHaveAttribute('data-fresh', 'true')
        }
        found.push(...(await violations(page, `/${meta.id}`)))
      }
      expect(found).toEqual([])
    })
  }
