import type { ToolEntry } from '../types'
import { entry } from './entry'
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
import bundleMeta from '../bundle/meta'
import debugMeta from '../debug/meta'
import logsMeta from '../logs/meta'
import addressActivityMeta from '../address-activity/meta'
import deployMeta from '../deploy/meta'
import storageReadMeta from '../storage-read/meta'
import verifiedSourceMeta from '../verified-source/meta'

/** The providers tools, in catalogue order. Each entry: the tool's meta and lazy imports of the tool and its examples (`entry`). */
export const tools: ToolEntry[] = [
  accountMeta, contractReadMeta, storageReadMeta, verifiedSourceMeta, sendTransactionMeta, deployMeta, transactionMeta, blockMeta,
  findBlockMeta, daEstimateMeta, b2ePayloadMeta, accessListMeta, logsMeta, addressActivityMeta, ensResolveMeta, rpcConsoleMeta,
  broadcastMeta, simulateMeta, bundleMeta, debugMeta,
].map(entry)
