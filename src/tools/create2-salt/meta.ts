import { defineMeta } from '../define'
import { address, checkbox, numeric, select, text, textarea, when } from '../kit/fieldKinds'
import { patternFields } from '../kit/vanityFields'

export default defineMeta({
  id: 'create2-salt',
  title: 'CREATE2 salt (vanity contract address)',
  summary: 'Mine a salt that puts a contract at an address you choose (prefix, suffix, substring, checksum case, leading zero bytes) through the deterministic deployment proxy, CreateX or the ImmutableCreate2Factory, with the deployment call data (or a GPU miner’s command); or check a salt.',
  capability: 'addresses',
  keywords: ['create2', 'salt', 'mine salt', 'vanity contract', 'vanity address', 'createx', 'deterministic deployment proxy', 'immutablecreate2factory', 'safecreate2', 'deploycreate2', 'cast create2', 'leading zeros', 'counterfactual', 'init code hash', 'createxcrunch', 'create2crunch'],
  runs: 'main',
  live: false,
  fields: [
    select('action', 'Action', [['mine', 'Search for a salt'], ['check', 'Check a salt']]),
    select('convention', 'Deploy through', [
      ['proxy', 'Deterministic deployment proxy (0x4e59…956C)'], ['createx', 'CreateX deployCreate2 (0xba5E…a5Ed)'],
      ['immutable', 'ImmutableCreate2Factory safeCreate2 (0x0000…9497)'], ['custom', 'Another deployer (plain CREATE2)'],
    ]),
    address('deployer', 'Deployer', { help: 'The contract that runs CREATE2.', showWhen: when('convention', 'custom') }),
    address('caller', 'Caller (optional)', { help: 'The account that will send the deployment. Given, the salt starts with it and only it can deploy there (no front-running); empty, anyone can.', showWhen: when('convention', 'createx', 'immutable') }),
    checkbox('crossChain', 'Cross-chain redeploy protection (CreateX)', false, { help: 'The chain id enters the salt: the address exists on this chain only.', showWhen: when('convention', 'createx') }),
    numeric('chainId', 'Chain id', '1', { showWhen: when('crossChain', 'true') }),
    textarea('initCode', 'Init code', { placeholder: '0x6080…', help: 'Creation bytecode with constructor arguments. Needed for the call data; or give only its hash below.' }),
    text('initCodeHash', 'Or init code hash', { placeholder: '0x… (32 bytes)' }),
    ...patternFields({ field: 'action', is: ['mine'] }),
    text('salt', 'Salt', { placeholder: '0x… (32 bytes)', showWhen: when('action', 'check') }),
    numeric('gpuDevice', 'GPU device', '0', { showWhen: when('action', 'mine'), group: 'advanced' }),
  ],
  groups: { advanced: 'On a GPU instead' },
})
