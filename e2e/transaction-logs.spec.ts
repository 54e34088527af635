/**
 * /transaction's logs read as /simulate's events (#35): an OpenZeppelin ERC-20 transfer mined on
 * the devnet, looked up: its Transfer log is one decoded line (names, checksummed addresses, the
 * amount in the token's units as ethers v5 formats it with the decimals the token returns), with
 * the raw topics and data one click away; the simulator's replay of the same transaction (its
 * hand-off runs as it opens) shows the same event with the same values.
 */
import { utils } from 'ethers'
import { encodeFunctionData, getAddress, type Abi, type Hex } from 'viem'
import { expect, openTool, output, test } from './fixtures'
import { compileFixtures, deployFixtures } from '../test/chain/sourcifyServer'
import { nodeRpc, sentAt } from '../test/support'
import { A0 } from '../test/chain/sim/contracts'

const TO = '0x00000000000000000000000000000000000000c5'

test('a mined token transfer: its log decoded on /transaction as the simulator decodes it, amount in units, raw one click away', async ({ page, devnet }) => {
  test.setTimeout(120_000)
  const fx = await deployFixtures(devnet.rpcUrl)
  const abi = compileFixtures().contracts['src/Token.sol']!.Token!.abi as Abi
  const token = getAddress(fx.contracts.token.address)
  const receipt = await sentAt(devnet.rpcUrl, { from: A0, to: token, data: encodeFunctionData({ abi, functionName: 'transfer', args: [TO, 1_234_567n] } as never), gas: '0x989680' })
  expect(receipt.status).toBe('0x1')
  const call = (fn: string) => nodeRpc<Hex>(devnet.rpcUrl, 'eth_call', [{ to: token, data: encodeFunctionData({ abi, functionName: fn } as never) }, 'latest'])
  const decimals = Number(BigInt(await call('decimals')))
  const symbol = utils.defaultAbiCoder.decode(['string'], await call('symbol'))[0] as string
  const args = `from=${getAddress(A0)}, to=${getAddress(TO)}, value=${utils.formatUnits(1_234_567n, decimals).replace(/\.0$/, '')} ${symbol}`

  await openTool(page, 'transaction', { hash: receipt.transactionHash })
  await page.getByRole('button', { name: 'Look up', exact: true }).click()
  const event = output(page, 'Log 0: event')
  await expect(event).toHaveText(`Transfer(${args})`, { timeout: 30_000 })
  // no raw topic or data rows for a decoded log: they are one click away, in the event decoder
  await expect(output(page, 'Log 0: topic 0')).toHaveCount(0)
  await expect(output(page, 'Log 0: data')).toHaveCount(0)
  const raw = page.getByRole('link', { name: 'Decode event (raw)' })
  await expect(raw).toHaveAttribute('href', new RegExp(`topics=${receipt.logs[0]!.topics[0]}`))

  // the simulator's replay of the same transaction: the same event, the same values
  await page.getByRole('link', { name: 'Simulate (call tree)' }).click()
  const events = page.getByRole('region', { name: 'Events' })
  await expect(events.getByRole('status', { name: '#0 Transfer(address,address,uint256)' })).toHaveText(args, { timeout: 30_000 })
})
