// Imported first by main.tsx: the Trusted Types policy exists before any module creates a worker.
import { installTrustedTypesPolicy } from './trustedTypes'

installTrustedTypesPolicy()
