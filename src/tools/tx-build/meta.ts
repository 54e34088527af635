import { defineMeta } from '../define'

export default defineMeta({
  id: 'tx-build',
  title: 'Build and sign a transaction',
  summary: 'Build an unsigned transaction of any type (legacy with or without EIP-155, EIP-2930, EIP-1559, EIP-4844 blob hashes, EIP-7702 authorizations), with amounts in units, and sign it offline: raw transaction, hash and sender.',
  capability: 'signing',
  keywords: ['transaction', 'tx', 'build', 'sign', 'offline', 'raw transaction', 'serialize', 'mktx', 'eip-1559', 'eip-155', 'eip-2930', 'eip-4844', 'blob', 'eip-7702', 'legacy', 'access list', 'nonce', 'gas'],
  runs: 'main',
  fields: [
    { name: 'type', label: 'Type', kind: 'select', default: 'eip1559', options: [
      { value: 'eip1559', label: 'EIP-1559 (type 2)' },
      { value: 'legacy', label: 'Legacy (type 0)' },
      { value: 'eip2930', label: 'EIP-2930 access list (type 1)' },
      { value: 'eip4844', label: 'EIP-4844 blob (type 3)' },
      { value: 'eip7702', label: 'EIP-7702 set code (type 4)' },
    ] },
    { name: 'chainId', label: 'Chain id', kind: 'text', default: '1', inputMode: 'numeric' },
    { name: 'eip155', label: 'Legacy: commit to the chain id (EIP-155 replay protection)', kind: 'checkbox', default: 'true', showWhen: { field: 'type', is: ['legacy'] } },
    { name: 'nonce', label: 'Nonce', kind: 'text', default: '0', inputMode: 'numeric' },
    { name: 'to', label: 'To (empty = contract creation)', kind: 'text', placeholder: '0x…' },
    { name: 'value', label: 'Value (ether unless a unit is given)', kind: 'text', default: '0', placeholder: '1.5, 0.1 ether, 1000 wei' },
    { name: 'data', label: 'Data', kind: 'textarea', placeholder: '0x… (call data or init code)' },
    { name: 'gas', label: 'Gas limit', kind: 'text', default: '21000', inputMode: 'numeric' },
    { name: 'gasPrice', label: 'Gas price (legacy, 2930; gwei unless a unit is given)', kind: 'text', placeholder: '20', showWhen: { field: 'type', is: ['legacy', 'eip2930'] } },
    { name: 'maxFeePerGas', label: 'Max fee per gas (gwei unless a unit is given)', kind: 'text', placeholder: '30', showWhen: { field: 'type', not: ['legacy', 'eip2930'] } },
    { name: 'maxPriorityFeePerGas', label: 'Max priority fee per gas (gwei unless a unit is given)', kind: 'text', placeholder: '1', showWhen: { field: 'type', not: ['legacy', 'eip2930'] } },
    { name: 'maxFeePerBlobGas', label: 'Max fee per blob gas (4844; gwei unless a unit is given)', kind: 'text', showWhen: { field: 'type', is: ['eip4844'] } },
    { name: 'blobVersionedHashes', label: 'Blob versioned hashes (4844; one per line)', kind: 'textarea', placeholder: '0x01…', showWhen: { field: 'type', is: ['eip4844'] } },
    { name: 'accessList', label: 'Access list (JSON)', kind: 'textarea', placeholder: '[{"address": "0x…", "storageKeys": ["0x…"]}]', showWhen: { field: 'type', not: ['legacy'] } },
    { name: 'authorizationList', label: 'Signed authorizations (7702; one per line, RLP or JSON)', kind: 'textarea', placeholder: '0xf85c…', showWhen: { field: 'type', is: ['eip7702'] } },
    { name: 'privateKey', label: 'Private key (optional: sign offline)', kind: 'text', secret: true, placeholder: '0x… (64 hex digits)' },
  ],
  examples: [
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
  ],
})
