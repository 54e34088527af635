import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  { title: "anvil's first deployment (account 0, nonce 0)", inputs: { mode: 'create', deployer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', nonce: '0' }, expect: { 'Contract address': '0x5FbDB2315678afecb367f032d93F642f64180aa3' } },
  { title: 'Largest nonce, 2^64 - 1', inputs: { mode: 'create', deployer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', nonce: '18446744073709551615' }, expect: { 'Contract address': '0x350ef3784Ec5fA5437ec3D67B57057bA6B9B0E86' } },
  {
    title: 'EIP-1014 example 4',
    inputs: { mode: 'create2', deployer: '0x00000000000000000000000000000000deadbeef', salt: '0x00000000000000000000000000000000000000000000000000000000cafebabe', initCode: '0xdeadbeef' },
    expect: { 'Contract address': '0x60f3f640a8508fC6a86d45DF051962668E1e8AC7' },
  },
  {
    title: 'Deterministic deployment proxy, salt 1, by init code hash',
    inputs: { mode: 'create2', deployer: '0x4e59b44847b379578588920ca78fbf26c0b4956c', salt: '1', initCodeHash: '0x21c35dbe1b344a2488cf3321d6ce542f8e9f305544ff09e4993a62319a497c1f' },
    expect: { 'Contract address': '0xda6AAECE7c33947F0cbb0539Cc39d4F3417c1fA0' },
  },
]
