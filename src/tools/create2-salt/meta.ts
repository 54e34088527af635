import { defineMeta } from '../define'
import { patternFields } from '../kit/vanityFields'

export default defineMeta({
  id: 'create2-salt',
  title: 'CREATE2 salt (vanity contract address)',
  summary: 'Mine a salt that puts a contract at an address you choose (prefix, suffix, substring, checksum case, leading zero bytes) through the deterministic deployment proxy, CreateX or the ImmutableCreate2Factory, with the deployment call data; or check a salt.',
  capability: 'addresses',
  keywords: ['create2', 'salt', 'mine salt', 'vanity contract', 'vanity address', 'createx', 'deterministic deployment proxy', 'immutablecreate2factory', 'safecreate2', 'deploycreate2', 'cast create2', 'leading zeros', 'counterfactual', 'init code hash'],
  runs: 'main',
  live: false,
  fields: [
    { name: 'action', label: 'Action', kind: 'select', default: 'mine', options: [
      { value: 'mine', label: 'Search for a salt' },
      { value: 'check', label: 'Check a salt' },
    ] },
    { name: 'convention', label: 'Deploy through', kind: 'select', default: 'proxy', options: [
      { value: 'proxy', label: 'Deterministic deployment proxy (0x4e59…956C)' },
      { value: 'createx', label: 'CreateX deployCreate2 (0xba5E…a5Ed)' },
      { value: 'immutable', label: 'ImmutableCreate2Factory safeCreate2 (0x0000…9497)' },
      { value: 'custom', label: 'Another deployer (plain CREATE2)' },
    ] },
    { name: 'deployer', label: 'Deployer', kind: 'text', placeholder: '0x…', help: 'The contract that runs CREATE2.', showWhen: { field: 'convention', is: ['custom'] } },
    { name: 'caller', label: 'Caller (optional)', kind: 'text', placeholder: '0x…', help: 'The account that will send the deployment. Given, the salt starts with it and only it can deploy there (no front-running); empty, anyone can.', showWhen: { field: 'convention', is: ['createx', 'immutable'] } },
    { name: 'crossChain', label: 'Cross-chain redeploy protection (CreateX)', kind: 'checkbox', default: 'false', help: 'The chain id enters the salt: the address exists on this chain only.', showWhen: { field: 'convention', is: ['createx'] } },
    { name: 'chainId', label: 'Chain id', kind: 'text', default: '1', inputMode: 'numeric', showWhen: { field: 'crossChain', is: ['true'] } },
    { name: 'initCode', label: 'Init code', kind: 'textarea', placeholder: '0x6080…', help: 'Creation bytecode with constructor arguments. Needed for the call data; or give only its hash below.' },
    { name: 'initCodeHash', label: 'Or init code hash', kind: 'text', placeholder: '0x… (32 bytes)' },
    ...patternFields({ field: 'action', is: ['mine'] }),
    { name: 'salt', label: 'Salt', kind: 'text', placeholder: '0x… (32 bytes)', showWhen: { field: 'action', is: ['check'] } },
  ],
})
