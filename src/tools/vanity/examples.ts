import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // 16^4: each fixed hex digit is one of 16 (EIP-55 case not asked).
  { title: 'How long for a 4-digit prefix', inputs: { action: 'mine', mode: 'prefix', prefix: 'dead' }, expect: { 'Expected attempts': '65,536' } },
  // 256^3: three zero bytes.
  { title: 'How long for 3 leading zero bytes', inputs: { action: 'mine', mode: 'zeros', zeroBytes: '3' }, expect: { 'Expected attempts': '16,777,216' } },
  // anvil's published account 0 (key and address).
  { title: "Check anvil's account 0 against f39f", inputs: { action: 'check', mode: 'prefix', prefix: 'f39f', key: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
    expect: { Address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', Matches: 'yes' } },
  // Its EIP-55 form is 0xf39Fd6…: "F39F" does not have that case.
  { title: 'The same key, case-sensitive F39F', inputs: { action: 'check', mode: 'prefix', prefix: 'F39F', matchCase: 'true', key: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
    expect: { Matches: 'no' } },
  // anvil's first deployment from account 0 (nonce 0) is at 0x5FbDB2315678afecb367f032d93F642f64180aa3.
  { title: "Check the first contract of anvil's account 0", inputs: { action: 'check', mode: 'suffix', suffix: '0aa3', target: 'create', key: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
    expect: { 'First contract (CREATE, nonce 0)': '0x5FbDB2315678afecb367f032d93F642f64180aa3', Matches: 'yes' } },
  // Split key: seed = anvil's account 0, offset = key1 - key0 mod n, so seed + offset = anvil's
  // published account 1, whose address 0x70997970… anvil prints (a published key: only a demo).
  { title: 'Split key: add an offset for 7099 to the seed', inputs: { action: 'split', mode: 'prefix', prefix: '7099', seed: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    offset: '  Time:    12s Score:  4 Private: 0xadbd249fd5f57fc2345fa2b21e5b53f44ba0af48cbe7bbc3244e714c46bbaace Address: 0x70997970c51812dc3a010c7d01b50e0d17dc79c8' },
    expect: { Address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', Matches: 'yes, and it is the address the miner printed' } },
]
