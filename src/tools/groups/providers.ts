import type { ToolEntry } from '../types'
import accountMeta from '../account/meta'
import blockMeta from '../block/meta'
import findBlockMeta from '../find-block/meta'
import daEstimateMeta from '../da-estimate/meta'
import b2ePayloadMeta from '../b2e-payload/meta'
import accessListMeta from '../access-list/meta'
import transactionMeta from '../transaction/meta'
import contractReadMeta from '../contract-read/meta'
import ensResolveMeta from '../ens-resolve/meta'
import rpcConsoleMeta from '../rpc-console/meta'
import sendTransactionMeta from '../send-transaction/meta'
import broadcastMeta from '../broadcast/meta'
import simulateMeta from '../simulate/meta'
import debugMeta from '../debug/meta'
import logsMeta from '../logs/meta'
import deployMeta from '../deploy/meta'
import storageReadMeta from '../storage-read/meta'
import verifiedSourceMeta from '../verified-source/meta'

/** The providers tools, in catalogue order. Each entry: the tool's meta and a lazy import of the tool. */
export const tools: ToolEntry[] = [
  { meta: accountMeta, load: () => import('../account'), examples: () => import('../account/examples') },
  { meta: contractReadMeta, load: () => import('../contract-read'), examples: () => import('../contract-read/examples') },
  { meta: storageReadMeta, load: () => import('../storage-read'), examples: () => import('../storage-read/examples') },
  { meta: verifiedSourceMeta, load: () => import('../verified-source'), examples: () => import('../verified-source/examples') },
  { meta: sendTransactionMeta, load: () => import('../send-transaction'), examples: () => import('../send-transaction/examples') },
  { meta: deployMeta, load: () => import('../deploy'), examples: () => import('../deploy/examples') },
  { meta: transactionMeta, load: () => import('../transaction'), examples: () => import('../transaction/examples') },
  { meta: blockMeta, load: () => import('../block'), examples: () => import('../block/examples') },
  { meta: findBlockMeta, load: () => import('../find-block'), examples: () => import('../find-block/examples') },
  { meta: daEstimateMeta, load: () => import('../da-estimate'), examples: () => import('../da-estimate/examples') },
  { meta: b2ePayloadMeta, load: () => import('../b2e-payload'), examples: () => import('../b2e-payload/examples') },
  { meta: accessListMeta, load: () => import('../access-list'), examples: () => import('../access-list/examples') },
  { meta: logsMeta, load: () => import('../logs'), examples: () => import('../logs/examples') },
  { meta: ensResolveMeta, load: () => import('../ens-resolve'), examples: () => import('../ens-resolve/examples') },
  { meta: rpcConsoleMeta, load: () => import('../rpc-console'), examples: () => import('../rpc-console/examples') },
  { meta: broadcastMeta, load: () => import('../broadcast'), examples: () => import('../broadcast/examples') },
  { meta: simulateMeta, load: () => import('../simulate'), examples: () => import('../simulate/examples') },
  { meta: debugMeta, load: () => import('../debug'), examples: () => import('../debug/examples') },
]
