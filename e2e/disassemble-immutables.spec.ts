/**
 * /disassemble marks immutables when compiler output is given (issue 25), end to end on the
 * devnet: a contract with two immutables is compiled by solc here and deployed with a
 * constructor argument; its code is disassembled by address with the solc output pasted. The
 * immutables are named from solc's AST, at solc's `immutableReferences` offsets, with the values
 * the constructor wrote (the compiler left zeros there), and the PUSH32 that holds each one is
 * marked in the listing.
 */
import { encodeDeployData, pad, toHex, type Abi } from 'viem'
import { expect, openTool, output, test } from './fixtures'
import { compileFull } from '../test/chain/sourceKit'

const FROM = '0x00000000000000000000000000000000DeB05C02'
const PATH = 'src/Imm.sol'
const SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Imm {
  uint256 public immutable limit; address public immutable owner;
  constructor(uint256 l) { limit = l; owner = msg.sender; }
  function both() external view returns (uint256, address) { return (limit, owner); }
}
`
const LIMIT = 0x1234_5678_9abcn

async function rpc<T = any>(url: string, method: string, params: unknown[]): Promise<{ result?: T; error?: { message: string } }> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return (await r.json()) as { result?: T; error?: { message: string } }
}
async function deploy(url: string, data: string): Promise<string> {
  const { result: hash, error } = await rpc<string>(url, 'eth_sendTransaction', [{ from: FROM, gas: '0x300000', data }])
  if (!hash) throw new Error(error?.message)
  for (let i = 0; i < 100; i++) {
    const { result } = await rpc(url, 'eth_getTransactionReceipt', [hash])
    if (result) return result.contractAddress as string
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('not mined')
}

test('immutables are named and marked from pasted solc output, with the values deployed', async ({ page, devnet }) => {
  const { output: out } = compileFull({ [PATH]: SOL }, true)
  const c = (out.contracts[PATH] as any).Imm as { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { immutableReferences: Record<string, { start: number; length: number }[]> } } }
  const ast = (out as any).sources[PATH].ast as { nodes: { nodeType: string; nodes?: { nodeType: string; id: number; name: string }[] }[] }
  const decl = ast.nodes.find((n) => n.nodeType === 'ContractDefinition')!.nodes!.filter((n) => n.nodeType === 'VariableDeclaration')
  const idOf = (name: string) => decl.find((d) => d.name === name)!.id
  await rpc(devnet.rpcUrl, 'anvil_setBalance', [FROM, '0xde0b6b3a7640000'])
  await rpc(devnet.rpcUrl, 'anvil_impersonateAccount', [FROM])
  const address = await deploy(devnet.rpcUrl, encodeDeployData({ abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, args: [LIMIT] }))

  await openTool(page, 'disassemble')
  await page.getByLabel('Disassemble', { exact: true }).selectOption('address')
  await page.getByLabel('Contract address').fill(address)
  await page.getByText('More options').click()
  await page.getByLabel('Compiler output (optional)').fill(JSON.stringify(out))
  await page.getByRole('button', { name: 'Disassemble', exact: true }).click()
  const want: Record<string, string> = { limit: pad(toHex(LIMIT), { size: 32 }), owner: pad(FROM.toLowerCase() as `0x${string}`, { size: 32 }) }
  await expect(output(page, 'Contract')).toHaveText(`${PATH}:Imm`)
  for (const [name, value] of Object.entries(want)) {
    const refs = c.evm.deployedBytecode.immutableReferences[String(idOf(name))]!
    expect(refs.length).toBeGreaterThan(0)
    await expect(output(page, `${name} (id ${idOf(name)})`).first()).toHaveText(value)
    for (const r of refs) {
      await page.getByLabel('Go to offset').fill(`0x${r.start.toString(16)}`)
      await page.getByRole('button', { name: 'Go', exact: true }).click()
      const row = page.locator('tr.marked')
      await expect(row.locator('td').first()).toHaveText(`0x${(r.start - 1).toString(16).padStart(4, '0')}`)
      await expect(row.locator('td').nth(1)).toHaveText(`PUSH32 ${value}`)
      await expect(row.locator('td').nth(2)).toContainText(`immutable ${name} (id ${idOf(name)})`)
    }
  }
})
