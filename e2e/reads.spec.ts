/**
 * Reads a cast or Etherscan user expects (issue 12, part B), end to end against the real anvil
 * devnet the e2e server starts. State is set up from the test process with JSON-RPC to the
 * same node (anvil's unlocked accounts 5 and 6, used by no other spec).
 */
import { connectByUrl, expect, openTool, output, signWithKey, test, withAnvil } from './fixtures'
import { Ens, Hash, Hex } from 'ox'
import { compile } from '../test/chain/solc'

const A5 = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const A6 = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'

const ONCE_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Once {
  uint256 public x;
  function set(uint256 v) external { require(x == 0, "already set"); x = v; }
}`

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const j = (await r.json()) as { result?: unknown; error?: { message: string } }
  if (j.error) throw new Error(`${method}: ${j.error.message}`)
  return j.result
}
async function receipt(url: string, hash: unknown): Promise<Record<string, string>> {
  for (let i = 0; i < 200; i++) {
    const r = (await rpc(url, 'eth_getTransactionReceipt', [hash])) as Record<string, string> | null
    if (r) return r
    await new Promise((res) => setTimeout(res, 50))
  }
  throw new Error(`no receipt for ${String(hash)}`)
}
const setData = (v: number) => `0x60fe47b1${v.toString(16).padStart(64, '0')}`

/**
 * An anvil of the test's own, connected in the page: a test that turns automine off or puts an
 * ENS registry at its fixed address must not do it on the devnet every worker shares (a
 * transaction of another worker's would land in the held block, or a name of theirs resolve).
 */
function ownNode(page: import('@playwright/test').Page, nodes: string[], body: (url: string) => Promise<void>) {
  return withAnvil(nodes, async ({ url }) => {
    await connectByUrl(page, url)
    await body(url)
  })
}

test('the revert reason of a failed transaction that is second in its block is read from the node\'s trace', ({ page, nodes }) => ownNode(page, nodes, async (url) => {
  const once = (await receipt(url, await rpc(url, 'eth_sendTransaction', [{ from: A5, data: compile(ONCE_SOURCE).Once!.bytecode }]))).contractAddress
  await rpc(url, 'evm_setAutomine', [false])
  let failed: unknown
  try {
    await rpc(url, 'eth_sendTransaction', [{ from: A5, to: once, data: setData(1), gas: '0x30000' }])
    failed = await rpc(url, 'eth_sendTransaction', [{ from: A6, to: once, data: setData(2), gas: '0x30000' }])
    await rpc(url, 'evm_mine', [])
  } finally {
    await rpc(url, 'evm_setAutomine', [true])
  }
  const r = await receipt(url, failed)
  expect(r.status).toBe('0x0')
  expect(r.transactionIndex).toBe('0x1')
  await openTool(page, 'transaction', { hash: String(failed) })
  await page.getByRole('button', { name: 'Look up', exact: true }).click()
  await expect(output(page, 'Status')).toHaveText('reverted')
  await expect(output(page, 'Revert reason')).toHaveText('Error("already set")')
  await expect(output(page, 'Revert found by')).toHaveText('debug_traceTransaction (exact)')
}))

test('the log query finds a contract\'s events by an indexed argument, decoded, with CSV', async ({ page, devnet }) => {
  const url = devnet.rpcUrl
  const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Emitter {
  event Transfer(address indexed from, address indexed to, uint256 value);
  function send(address to, uint256 v) external { emit Transfer(msg.sender, to, v); }
}`
  const emitter = (await receipt(url, await rpc(url, 'eth_sendTransaction', [{ from: A5, data: compile(source).Emitter!.bytecode }]))).contractAddress!
  // send(address,uint256) = 0xd0679d34 (`cast sig "send(address,uint256)"`)
  const call = (to: string, v: number) => `0xd0679d34${to.slice(2).toLowerCase().padStart(64, '0')}${v.toString(16).padStart(64, '0')}`
  for (const [to, v] of [[A6, 7], [A5, 8], [A6, 9]] as const) await receipt(url, await rpc(url, 'eth_sendTransaction', [{ from: A5, to: emitter, data: call(to, v) }]))
  await openTool(page, 'logs')
  await page.getByLabel('Contract address (optional)').fill(emitter)
  await page.getByLabel('Event', { exact: true }).fill('Transfer(address indexed from, address indexed to, uint256 value)')
  await page.getByLabel('Indexed argument filters').fill(`to = ${A6}`)
  await page.getByRole('button', { name: 'Find logs', exact: true }).click()
  await expect(output(page, 'Logs found')).toHaveText('2')
  await expect(output(page, '#1 value (uint256)')).toHaveText('7')
  await expect(output(page, '#2 value (uint256)')).toHaveText('9')
  await expect(output(page, '#2 to (address, indexed)')).toHaveText(A6)
  await expect(output(page, 'CSV')).toContainText('blockNumber,transactionHash,logIndex,address,event,from,to,value,topics,data')
  // a bad filter is named at its field, nothing is sent
  await page.getByLabel('Indexed argument filters').fill('amount = 1')
  await page.getByRole('button', { name: 'Find logs', exact: true }).click()
  await expect(page.getByText(/has no indexed argument "amount"/)).toBeVisible()
})

test('contract read through an EIP-1967 proxy shows the implementation; state overrides reach the call', async ({ page, devnet }) => {
  const url = devnet.rpcUrl
  const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Impl {
  uint256 public x;
  function get() external view returns (uint256) { return x; }
  function paid() external payable returns (uint256) { return msg.value; }
}
contract SlotProxy {
  constructor(bytes32 s, address target, uint256 x) { assembly { sstore(s, target) sstore(0, x) } }
  fallback() external payable {
    assembly {
      let t := sload(0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc)
      calldatacopy(0, 0, calldatasize())
      let r := delegatecall(gas(), t, 0, calldatasize(), 0, 0)
      returndatacopy(0, 0, returndatasize())
      switch r case 0 { revert(0, returndatasize()) } default { return(0, returndatasize()) }
    }
  }
}`
  const c = compile(source)
  const impl = (await receipt(url, await rpc(url, 'eth_sendTransaction', [{ from: A5, data: c.Impl!.bytecode }]))).contractAddress!
  const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0')
  const init = `${c.SlotProxy!.bytecode}${word('0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc')}${word(impl)}${word((1967).toString(16))}`
  const proxy = (await receipt(url, await rpc(url, 'eth_sendTransaction', [{ from: A5, data: init }]))).contractAddress!
  await openTool(page, 'contract-read', { address: proxy, abi: 'function get() view returns (uint256)\nfunction paid() payable returns (uint256)' })
  await page.getByLabel('Read as proxy (EIP-1967, EIP-1822, beacon)').check()
  await page.getByRole('button', { name: 'Call get()' }).click()
  await expect(output(page, '#1 (uint256)')).toHaveText('1967')
  await expect(output(page, 'Implementation')).toHaveText(new RegExp(`^${impl}$`, 'i'))
  await expect(output(page, 'Proxy kind')).toHaveText('EIP-1967')
  // slot 0 overridden for this call only
  await page.getByLabel('State overrides (optional)').fill(JSON.stringify({ [proxy]: { stateDiff: { '0x0': '77' } } }))
  await page.getByRole('button', { name: 'Call get()' }).click()
  await expect(output(page, '#1 (uint256)')).toHaveText('77')
  await expect(output(page, 'State overrides')).toHaveText('1 account')
  // a bad override is named at its field
  await page.getByLabel('State overrides (optional)').fill('{"0x12": {}}')
  await page.getByRole('button', { name: 'Call get()' }).click()
  await expect(page.getByText(/"0x12" is not an address/)).toBeVisible()
})

test('deploy data: constructor arguments appended to init code, then deployed through send-transaction', async ({ page, devnet }) => {
  // a key of this test alone, funded on the devnet (a shared test account's nonce moves when other
  // tests send from it between Review and Confirm: "nonce too low")
  const KEY5 = Hex.random(32)
  const { Secp256k1, Address } = await import('ox')
  await rpc(devnet.rpcUrl, 'anvil_setBalance', [Address.fromPublicKey(Secp256k1.getPublicKey({ privateKey: KEY5 })), '0xde0b6b3a7640000'])
  const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Named { uint256 public n; constructor(uint256 x) { n = x; } }`
  const c = compile(source).Named!
  await openTool(page, 'deploy')
  await page.getByLabel('Init code (bytecode)').fill(c.bytecode)
  await page.getByLabel('ABI (with the constructor)').fill('constructor(uint256 x)')
  await page.getByRole('textbox', { name: 'Constructor arguments' }).fill('4242')
  // 4242 = 0x1092, one ABI word
  await expect(output(page, 'Encoded arguments')).toHaveText(`0x${(4242).toString(16).padStart(64, '0')}`)
  await page.getByRole('link', { name: 'Deploy with send-transaction' }).click()
  await expect(page.getByLabel('Data (hex)')).toHaveValue(`${c.bytecode}${(4242).toString(16).padStart(64, '0')}`)
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('')
  await signWithKey(page, KEY5)
  await page.getByLabel('Chain id').fill('31337')
  await page.getByRole('button', { name: 'Review', exact: true }).click()
  await page.getByRole('button', { name: 'Confirm, sign and send' }).click()
  const address = (await output(page, 'Contract created').textContent())!
  // n() = 0x2e52d606 (`cast sig "n()"`), read from the node directly
  expect(await rpc(devnet.rpcUrl, 'eth_call', [{ to: address, data: '0x2e52d606' }, 'latest'])).toBe(`0x${(4242).toString(16).padStart(64, '0')}`)
  // a missing argument is named at its field
  await openTool(page, 'deploy', { bytecode: c.bytecode, abi: 'constructor(uint256 x)', args: '' })
  // An untouched empty field is only listed as still to fill in; once touched, the error is named there.
  await expect(page.getByText('Still to fill in: Constructor arguments.')).toBeVisible()
  const args = page.getByRole('textbox', { name: 'Constructor arguments' })
  await args.fill('1')
  await args.fill('')
  await expect(page.getByText(/Expected 1 value \(uint256 x\), got 0/)).toBeVisible()
})

test('the RPC console fills a method template, sends a batch, and shows the request as curl and cast', async ({ page, devnet }) => {
  await openTool(page, 'rpc-console')
  await page.getByLabel('Method template').selectOption('eth_getBalance')
  await expect(page.getByRole('textbox', { name: 'Method' })).toHaveValue('eth_getBalance')
  await expect(page.getByLabel('Params (JSON array)')).toHaveValue('["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "latest"]')
  await page.getByLabel('Params (JSON array)').fill(`["${A6}", "0x0"]`)
  await page.getByRole('button', { name: 'Send request' }).click()
  // 10000 ether at genesis = 0x21e19e0c9bab2400000 (`cast to-hex 10000000000000000000000`)
  await expect(output(page, 'Response')).toHaveText('"0x21e19e0c9bab2400000"')
  await expect(output(page, 'As cast')).toHaveText(`cast rpc eth_getBalance ${A6} 0x0 --rpc-url ${devnet.rpcUrl.replace(/\/$/, '')}`)
  await expect(output(page, 'As curl')).toContainText(`"method":"eth_getBalance","params":["${A6}","0x0"]`)
  // a batch: one POST carrying a JSON array
  const posts: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().startsWith(devnet.rpcUrl.replace(/\/$/, ''))) posts.push(r.postData() ?? '')
  })
  await page.getByLabel('Send', { exact: true }).selectOption('batch')
  await page.getByLabel('Batch (JSON array of requests)').fill('[{"method": "eth_chainId"}, {"method": "eth_getBalance", "params": ["' + A6 + '", "0x0"]}]')
  await page.getByRole('button', { name: 'Send request' }).click()
  await expect(output(page, '1. eth_chainId')).toHaveText('"0x7a69"')
  await expect(output(page, '2. eth_getBalance')).toHaveText('"0x21e19e0c9bab2400000"')
  await expect(output(page, 'Sent as')).toHaveText('one JSON-RPC batch of 2 (one HTTP request)')
  expect(posts.filter((p) => p.startsWith('[') && p.includes('eth_chainId') && p.includes('eth_getBalance'))).toHaveLength(1)
  // a bad batch is named at its field
  await page.getByLabel('Batch (JSON array of requests)').fill('[{"params": []}]')
  await page.getByRole('button', { name: 'Send request' }).click()
  await expect(page.getByText(/Request 1 has no valid "method"/)).toBeVisible()
})

test('ENS: a subname resolves through its parent\'s ENSIP-10 wildcard resolver, with a text record', ({ page, nodes }) => ownNode(page, nodes, async (url) => {
  const REGISTRY = '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e'
  const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Registry {
  mapping(bytes32 => address) r;
  function resolver(bytes32 node) external view returns (address) { return r[node]; }
}
contract Wildcard {
  function supportsInterface(bytes4 id) external pure returns (bool) { return id == 0x9061b923 || id == 0x01ffc9a7; }
  function resolve(bytes calldata name, bytes calldata data) external pure returns (bytes memory) {
    bytes4 sel = bytes4(data[:4]);
    if (sel == 0x3b3b57de) return abi.encode(address(uint160(uint256(keccak256(name)))));
    if (sel == 0x59d1d43c) {
      (, string memory key) = abi.decode(data[4:], (bytes32, string));
      if (keccak256(bytes(key)) == keccak256("description")) return abi.encode("any name under wild.eth");
      return abi.encode("");
    }
    revert("unsupported record");
  }
}`
  const c = compile(source)
  const registry = (await receipt(url, await rpc(url, 'eth_sendTransaction', [{ from: A5, data: c.Registry!.bytecode }]))).contractAddress!
  const wildcard = (await receipt(url, await rpc(url, 'eth_sendTransaction', [{ from: A5, data: c.Wildcard!.bytecode }]))).contractAddress!
  const code = await rpc(url, 'eth_getCode', [registry, 'latest'])
  // r[namehash("wild.eth")] lives at keccak256(node . slot 0) (Solidity's mapping layout)
  const slot = Hash.keccak256(Hex.concat(Ens.namehash('wild.eth'), Hex.padLeft('0x0', 32)))
  await rpc(url, 'anvil_setStorageAt', [REGISTRY, slot, Hex.padLeft(wildcard as Hex.Hex, 32)])
  // DNS wire format of sub.wild.eth (RFC 1035): 3 "sub" 4 "wild" 3 "eth" 0; the resolver's rule gives the address
  const expected = `0x${Hash.keccak256(Hex.concat('0x03', Hex.fromString('sub'), '0x04', Hex.fromString('wild'), '0x03', Hex.fromString('eth'), '0x00')).slice(-40)}`
  await rpc(url, 'anvil_setCode', [REGISTRY, code])
  await openTool(page, 'ens-resolve', { query: 'sub.wild.eth' })
  await page.getByRole('button', { name: 'Resolve', exact: true }).click()
  await expect(output(page, 'Address')).toHaveText(new RegExp(`^${expected}$`, 'i'))
  await expect(output(page, 'Resolver found at')).toHaveText('wild.eth')
  await expect(output(page, 'Wildcard (ENSIP-10)')).toHaveText('yes')
  await expect(output(page, 'Text: description')).toHaveText('any name under wild.eth')
}))
