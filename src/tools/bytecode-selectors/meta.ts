import { defineMeta } from '../define'
import { address, checkbox, select, textarea, when } from '../kit/fieldKinds'

export default defineMeta({
  id: 'bytecode-selectors',
  title: 'ABI from bytecode',
  summary: 'The functions a contract\'s runtime code dispatches, argument types and mutability inferred (evmole), named from the offline table, as an ABI to read or encode with; code pasted or read from an address (through a proxy).',
  capability: 'calldata',
  keywords: ['abi from bytecode', 'whatsabi', 'evmole', 'selectors', 'cast selectors', 'bytecode', 'dispatcher', 'runtime code', 'deployed bytecode', 'functions', 'interface', 'unverified contract', 'code'],
  // A network tool only for reading an address's code from the node; live as before for pasted code.
  runs: 'network',
  action: 'Read the code',
  live: true,
  fields: [
    select('source', 'Read selectors from', [['code', 'Bytecode I paste'], ['address', 'An address on the connected node']]),
    textarea('code', 'Runtime bytecode', { placeholder: '0x6080604052…', showWhen: when('source', 'code'), help: 'The deployed code (eth_getCode, cast code <address>, or "deployedBytecode" of an artifact), not the creation code.' }),
    address('address', 'Contract address', { showWhen: when('source', 'address'), help: 'Its code is read from the connected node with eth_getCode (cast code <address>).' }),
    checkbox('proxy', 'Follow a proxy to its implementation', false, { showWhen: when('source', 'address'), help: 'Reads the implementation address from the EIP-1967 (implementation or beacon) or EIP-1822 slot, and lists the implementation\'s selectors: a proxy dispatches nothing of its own.' }),
  ],
})
