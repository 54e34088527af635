import { defineMeta } from '../define'

export default defineMeta({
  id: 'contract-address',
  title: 'Contract address (CREATE / CREATE2)',
  summary: 'Where a contract will be deployed: CREATE from deployer and nonce, CREATE2 from deployer, salt and init code or its hash.',
  capability: 'addresses',
  keywords: ['create', 'create2', 'contract address', 'deploy', 'deployer', 'nonce', 'salt', 'init code', 'initcode hash', 'eip-1014', 'compute-address', 'getContractAddress', 'counterfactual'],
  runs: 'main',
  fields: [
    { name: 'mode', label: 'Opcode', kind: 'select', default: 'create', options: [
      { value: 'create', label: 'CREATE (deployer + nonce)' },
      { value: 'create2', label: 'CREATE2 (deployer + salt + init code)' },
    ] },
    { name: 'deployer', label: 'Deployer', kind: 'text', placeholder: '0x4e59b44847b379578588920ca78fbf26c0b4956c', help: 'The account or factory contract that deploys (for CREATE2 via a factory: the factory address).' },
    { name: 'nonce', label: 'Nonce (CREATE)', kind: 'text', default: '0', inputMode: 'numeric', help: '0 to 2^64 - 1. For an account: its transaction count before the deployment. For a contract: starts at 1 (EIP-161).', showWhen: { field: 'mode', is: ['create'] } },
    { name: 'salt', label: 'Salt (CREATE2)', kind: 'text', placeholder: '0x0000…0001', help: '32 bytes hex; shorter hex or a decimal number is left-padded to 32 bytes.', showWhen: { field: 'mode', is: ['create2'] } },
    { name: 'initCode', label: 'Init code (CREATE2)', kind: 'textarea', placeholder: '0x6080…', help: 'Creation bytecode with constructor arguments appended. Or give its hash below.', showWhen: { field: 'mode', is: ['create2'] } },
    { name: 'initCodeHash', label: 'Or init code hash (CREATE2)', kind: 'text', placeholder: '0x… (32 bytes)', showWhen: { field: 'mode', is: ['create2'] } },
  ],
})
