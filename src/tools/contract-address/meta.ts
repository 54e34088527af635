import { defineMeta } from '../define'
import { address, numeric, select, text, textarea, when } from '../kit/fieldKinds'

export default defineMeta({
  id: 'contract-address',
  title: 'Contract address (CREATE / CREATE2)',
  summary: 'Where a contract will be deployed: CREATE from deployer and nonce, CREATE2 from deployer, salt and init code or its hash.',
  capability: 'addresses',
  keywords: ['create', 'create2', 'contract address', 'deploy', 'deployer', 'nonce', 'salt', 'init code', 'initcode hash', 'eip-1014', 'compute-address', 'getContractAddress', 'counterfactual'],
  runs: 'main',
  fields: [
    select('mode', 'Opcode', [['create', 'CREATE (deployer + nonce)'], ['create2', 'CREATE2 (deployer + salt + init code)']]),
    address('deployer', 'Deployer', { placeholder: '0x4e59b44847b379578588920ca78fbf26c0b4956c', help: 'The account or factory contract that deploys (for CREATE2 via a factory: the factory address).' }),
    numeric('nonce', 'Nonce (CREATE)', '0', { help: '0 to 2^64 - 1. For an account: its transaction count before the deployment. For a contract: starts at 1 (EIP-161).', showWhen: when('mode', 'create') }),
    text('salt', 'Salt (CREATE2)', { placeholder: '0x0000…0001', help: '32 bytes hex; shorter hex or a decimal number is left-padded to 32 bytes.', showWhen: when('mode', 'create2') }),
    textarea('initCode', 'Init code (CREATE2)', { placeholder: '0x6080…', help: 'Creation bytecode with constructor arguments appended. Or give its hash below.', showWhen: when('mode', 'create2') }),
    text('initCodeHash', 'Or init code hash (CREATE2)', { placeholder: '0x… (32 bytes)', showWhen: when('mode', 'create2') }),
  ],
})
