/**
 * Decoded values read like the source (#23): a struct argument shows each field by name,
 * nested as the ABI nests it, and an unlimited approval is flagged. Call data is encoded by
 * ethers v5; the expected field values are ethers' own decode of it.
 */
import { ethers } from 'ethers'
import { expect, openTool, output, test } from './fixtures'

const EXACT_INPUT_SINGLE = 'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)'

test('a Uniswap V3 exactInputSingle call shows params.tokenIn … params.sqrtPriceLimitX96 by name', async ({ page }) => {
  const iface = new ethers.utils.Interface([EXACT_INPUT_SINGLE])
  const params = {
    tokenIn: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    tokenOut: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    fee: 500,
    recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    deadline: 1_900_000_000,
    amountIn: ethers.utils.parseEther('2'),
    amountOutMinimum: 5_000_000_000,
    sqrtPriceLimitX96: 0,
  }
  const data = iface.encodeFunctionData('exactInputSingle', [params])
  const theirs = iface.decodeFunctionData('exactInputSingle', data).params
  await openTool(page, 'calldata-decode', { data, abi: EXACT_INPUT_SINGLE })
  for (const name of Object.keys(params)) await expect(output(page, `params.${name}`)).toHaveText(new RegExp(`^${theirs[name].toString()}$`, 'i'))
  // the fields sit under the struct's own row, in the ABI's order
  const labels = await page.locator('.row dt').allTextContents()
  const at = labels.indexOf('params')
  expect(at).toBeGreaterThanOrEqual(0)
  expect(labels.slice(at + 1, at + 9)).toEqual(Object.keys(params).map((k) => `params.${k}`))
  // the struct folds its fields under its row, by keyboard, and unfolds them (#35: nested arguments as a tree)
  const fold = page.getByRole('button', { name: 'Fields of params' })
  await expect(fold).toHaveAttribute('aria-expanded', 'true')
  await fold.focus()
  await page.keyboard.press('Enter')
  await expect(fold).toHaveAttribute('aria-expanded', 'false')
  for (const name of Object.keys(params)) await expect(output(page, `params.${name}`)).toHaveCount(0)
  await expect(page.getByText('(8 folded)')).toBeVisible()
  await page.keyboard.press('Space')
  for (const name of Object.keys(params)) await expect(output(page, `params.${name}`)).toHaveText(new RegExp(`^${theirs[name].toString()}$`, 'i'))
})

test('approve(spender, 2^256-1) is flagged as an unlimited approval; a bounded one is not', async ({ page }) => {
  const iface = new ethers.utils.Interface(['function approve(address spender, uint256 amount) returns (bool)'])
  const spender = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
  await openTool(page, 'calldata-decode', { data: iface.encodeFunctionData('approve', [spender, ethers.constants.MaxUint256]) })
  await expect(output(page, 'approval')).toHaveText('Unlimited approval')
  await expect(page.getByText(`Unlimited approval: ${spender} may move every token`)).toBeVisible()
  await openTool(page, 'calldata-decode', { data: iface.encodeFunctionData('approve', [spender, 1000]) })
  await expect(output(page, 'value')).toHaveText('1000')
  await expect(output(page, 'approval')).toHaveCount(0)
})
