import { defineMeta } from '../define'

// A Deneb block is worked through in src/tools/routerDecode.test.ts; src/core/chain/BeaconPayload.test.ts compares random blocks with cast.
export default defineMeta({
  id: 'b2e-payload',
  title: 'Beacon block to execution payload',
  summary: "A beacon block's execution payload in the engine API's form (cast b2e-payload).",
  capability: 'providers',
  keywords: ['b2e-payload', 'beacon block', 'execution payload', 'engine_newPayload'],
  runs: 'main',
  action: 'Convert',
  fields: [
    { name: 'block', label: 'Beacon block (JSON)', kind: 'textarea', help: 'From the Beacon API (/eth/v2/beacon/blocks/<id>).' },
  ],
  examples: [
    // An execution payload alone (V1: no withdrawals); cast b2e-payload prints the same JSON for it inside a beacon block.
    { title: 'A Bellatrix payload (V1)', inputs: { block: '{"parent_hash":"0x1111111111111111111111111111111111111111111111111111111111111111","fee_recipient":"0xd8da6bf26964af9d7eed9e03e53415d37aa96045","state_root":"0x2222222222222222222222222222222222222222222222222222222222222222","receipts_root":"0x3333333333333333333333333333333333333333333333333333333333333333","logs_bloom":"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000","prev_randao":"0x4444444444444444444444444444444444444444444444444444444444444444","block_number":"21000000","gas_limit":"30000000","gas_used":"0","timestamp":"1700000000","extra_data":"0x","base_fee_per_gas":"7","block_hash":"0x5555555555555555555555555555555555555555555555555555555555555555","transactions":[]}' }, expect: { Version: 'V1 (Bellatrix: engine_newPayloadV1)', 'Block number': '21000000', Transactions: '0' } },
  ],
})
