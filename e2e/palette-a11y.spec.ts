/**
 * The command palette as assistive technology meets it (#23): axe finds nothing with the palette
 * open and an option active, in light and dark; the combobox names the active option, arrows move
 * it, Escape closes the dialog and gives focus back. The palette stays hand-written
 * (docs/ARCHITECTURE.md, "Accessible components"), so this is what holds it to the ARIA pattern.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

test('the open palette is an ARIA combobox that axe finds nothing in, and Escape gives focus back', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 2, name: 'Units' })).toBeVisible()
  const opener = page.getByRole('button', { name: /Find a tool/ })
  await opener.focus()
  await page.keyboard.press('Control+k')
  const box = page.getByRole('combobox', { name: 'Find a tool' })
  await expect(box).toBeFocused()
  await page.keyboard.type('hash')
  const list = page.getByRole('listbox', { name: 'Tools' })
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!)
  const options = list.getByRole('option')
  expect(await options.count()).toBeGreaterThan(2)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  const third = options.nth(2)
  await expect(third).toHaveAttribute('aria-selected', 'true')
  await expect(box).toHaveAttribute('aria-activedescendant', (await third.getAttribute('id'))!)
  await expect(list.getByRole('option', { selected: true })).toHaveCount(1)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(scheme)
    const r = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze()
    expect(r.violations.flatMap((v) => v.nodes.map((n) => `${scheme}: ${v.id} at ${n.target.join(' ')}`))).toEqual([])
  }
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Find a tool' })).toBeHidden()
  await expect(opener).toBeFocused()
})
