/**
 * /debug with source lines, end to end on the real anvil devnet: Vault (test/chain/sourceKit.ts)
 * is compiled by solc here and deployed, and the page records the reverting call run(4); a Foundry-style artifact and the .sol file are dropped on the page, and the keyboard
 * drives it to the revert, whose source line is the `@revert` line, inside run → _guard; one
 * line back is the `@if` line, then forward again; a line breakpoint on the loop's line is hit
 * n + 1 times. The compiler output stays out of the URL and storage.
 */
import AxeBuilder from '@axe-core/playwright'
import { debugCall, deployFrom, rpc } from './debugKit'
import { expect, test } from './fixtures'
import { encodeDeployData, encodeFunctionData, type Abi } from 'viem'
import { compileFull, foundryArtifact, markerLine, SRC_PATH, VAULT_SOL } from '../test/chain/sourceKit'

// an address of this spec alone, impersonated on the devnet
const FROM = '0x00000000000000000000000000000000DeB05C00'


test('a Foundry artifact dropped on the page: by keyboard to the revert\'s source line, a line back and forth, a line breakpoint', async ({ page, devnet }) => {
  const { output } = compileFull({ [SRC_PATH]: VAULT_SOL }, false)
  const vault = output.contracts[SRC_PATH]!.Vault!
  const address = await deployFrom(devnet.rpcUrl, FROM, encodeDeployData({ abi: vault.abi as Abi, bytecode: `0x${vault.evm.bytecode.object}`, args: [20n] }))
  const data = encodeFunctionData({ abi: vault.abi as Abi, functionName: 'run', args: [4n] })
  // the node says it reverts with TooMuch(28, 20)
  expect((await rpc(devnet.rpcUrl, 'eth_call', [{ from: FROM, to: address, data }, 'latest'])).error?.message).toMatch(/revert/)

  // (a call, not the mined transaction: an impersonated sender's transaction has no signature to replay)
  await debugCall(page, { from: FROM, to: address, data }, 'reverted')

  // drop the artifact and the source file on the drop zone, as a person drags them from a file manager
  const artifact = JSON.stringify(foundryArtifact(output, SRC_PATH, 'Vault'))
  const drop = page.getByRole('region', { name: 'Compiler output' }).locator('.dropzone')
  const dataTransfer = await page.evaluateHandle(
    ([a, s]) => {
      const dt = new DataTransfer()
      dt.items.add(new File([a], 'Vault.json', { type: 'application/json' }))
      dt.items.add(new File([s], 'Vault.sol', { type: 'text/plain' }))
      return dt
    },
    [artifact, VAULT_SOL] as const,
  )
  await drop.dispatchEvent('dragover', { dataTransfer })
  await drop.dispatchEvent('drop', { dataTransfer })
  const matched = page.getByRole('region', { name: 'Compiler output' }).getByRole('status')
  await expect(matched).toContainText('2 files read; 1 of 1 contracts in this transaction matched')
  await expect(matched).toContainText('Vault')

  const line = page.getByRole('status', { name: 'Current source line' })
  const source = page.getByRole('region', { name: `Source of ${SRC_PATH}` })
  const crumbs = page.getByRole('navigation', { name: 'Call stack' })
  await page.getByRole('region', { name: 'Debugger' }).focus()
  // r: to the revert; its line, the line highlighted in the file, the internal functions in the call stack
  await page.keyboard.press('r')
  await expect(page.getByRole('region', { name: 'Step', exact: true }).getByRole('status', { name: 'Opcode', exact: true })).toHaveText('REVERT')
  await expect(line).toHaveText('revert TooMuch(acc, limit); // @revert')
  await expect(source.locator('li[aria-current="true"]')).toContainText('revert TooMuch(acc, limit)')
  await expect(source.locator('li[aria-current="true"]').getByRole('button')).toHaveAccessibleName(`Breakpoint on line ${markerLine(VAULT_SOL, 'revert')}`)
  await expect(crumbs.getByRole('listitem')).toHaveText([/CALL\s+Vault/, 'run()', '_guard()'])
  // the source panel, its highlighted line and the drop zone pass axe (WCAG 2.1 AA and best practice) in light and dark
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    const r = await new AxeBuilder({ page }).include('[aria-label="Source"]').include('[aria-label="Compiler output"]').include('[aria-label="Call stack"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).setLegacyMode().analyze()
    expect(r.violations.flatMap((v) => v.nodes.map((n) => `${colorScheme}: ${v.id} at ${n.target.join(' ')}: ${v.help}`))).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.getByRole('region', { name: 'Debugger' }).focus()
  // , : one source line back, the if that led here; . : forward to the revert again
  await page.keyboard.press(',')
  await expect(line).toHaveText('if (acc > limit) { // @if')
  await expect(crumbs.getByRole('listitem')).toHaveText([/CALL\s+Vault/, 'run()', '_guard()'])
  await page.keyboard.press('.')
  await expect(line).toHaveText('revert TooMuch(acc, limit); // @revert')

  // a breakpoint on the loop's line (its line number is a button), from the first step: hit n + 1 = 5 times, then no further
  const loop = markerLine(VAULT_SOL, 'loop')
  const bp = source.getByRole('button', { name: `Breakpoint on line ${loop}`, exact: true })
  await bp.click()
  await expect(bp).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('region', { name: 'Debugger' }).focus()
  await page.keyboard.press('Home')
  const step = page.getByRole('region', { name: 'Step', exact: true }).getByRole('status', { name: 'Step', exact: true })
  await expect(step).toHaveText('0')
  const seen: string[] = []
  for (let k = 0; k < 5; k++) {
    const before = await step.textContent()
    await page.keyboard.press('b')
    await expect(step).not.toHaveText(before!)
    await expect(line).toHaveText('for (uint256 i = 0; i < n; i++) { // @loop')
    seen.push((await step.textContent())!)
  }
  await expect(crumbs.getByRole('listitem')).toHaveText([/CALL\s+Vault/, 'run()'])
  // > : the next line over calls, the guard's call (not a line inside _weigh or _guard); < : back over, the loop
  await page.keyboard.press('>')
  await expect(line).toHaveText('_guard(acc); // @call-guard')
  await page.keyboard.press('<')
  await expect(line).toHaveText('for (uint256 i = 0; i < n; i++) { // @loop')
  await expect(step).toHaveText(seen[4]!)
  await page.keyboard.press('b')
  await page.keyboard.press('Shift+B')
  await expect(step).toHaveText(seen[3]!)
  expect(new Set(seen).size).toBe(5)

  // nothing of the compiler output in the URL or storage
  expect(page.url()).not.toContain('TooMuch')
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))
  expect(stored).not.toContain('TooMuch')
  expect(stored).not.toContain('sourceMap')
})
