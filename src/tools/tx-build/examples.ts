import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // EIP-155's worked example (signed transaction from the EIP; hash and sender from the vendored vector).
  { title: "EIP-155's example (legacy, chain 1)", inputs: { type: 'legacy', chainId: '1', eip155: 'true', nonce: '9', to: '0x3535353535353535353535353535353535353535', value: '1', gas: '21000', gasPrice: '20', privateKey: '0x4646464646464646464646464646464646464646464646464646464646464646' }, expect: {
    'Signing hash': '0xdaf5a779ae972f972197303d7b574746c7ef83eadac0f2791ad23db92e4c8e53',
    'Raw signed transaction': '0xf86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a76400008025a028ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83',
    'Transaction hash': '0x33469b22e9f636356c4160a87eb19df52b7412e8eac32a4a55ffe88ea8350788',
  } },
  // cast mktx --private-key <anvil #0> --chain 1 --nonce 3 --gas-limit 21000 --gas-price 20gwei --priority-gas-price 1gwei --value 1ether 0x3535…35
  { title: 'EIP-1559 transfer of 1 ether (cast mktx)', inputs: { type: 'eip1559', chainId: '1', nonce: '3', to: '0x3535353535353535353535353535353535353535', value: '1 ether', gas: '21000', maxFeePerGas: '20 gwei', maxPriorityFeePerGas: '1', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' }, expect: {
    'Raw signed transaction': '0x02f8730103843b9aca008504a817c800825208943535353535353535353535353535353535353535880de0b6b3a764000080c080a0a4981267cf0521bfdac6c5871fe4e00dcfc9fe24e3c88360542a430bb50cd9aca07e900f98420c3d1e402133eaf9e910b9335f12b113479692915a86c373e4f80e',
    'Transaction hash': '0x23bb1df0606e21a6acc9590b9c6a361ae495bcf3c022c2270007941a1d1ffdbc',
    Sender: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  } },
  // The unsigned EIP-155 form is the "signing data" given in EIP-155.
  { title: 'Unsigned legacy transaction (EIP-155 signing data)', inputs: { type: 'legacy', chainId: '1', eip155: 'true', nonce: '9', to: '0x3535353535353535353535353535353535353535', value: '1000000000000000000 wei', gas: '21000', gasPrice: '20000000000 wei' }, expect: {
    'Unsigned transaction': '0xec098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a764000080018080',
  } },
]
