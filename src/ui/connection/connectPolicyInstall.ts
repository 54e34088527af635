// Imported by main.tsx before the app: the page's connection policy is in force before any request
// (the offline file has its own, which connects nowhere).
import { installConnectPolicy } from './connectPolicy'

if (import.meta.env.MODE !== 'offline') installConnectPolicy()
