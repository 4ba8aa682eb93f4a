export { dropWorkerDatabases as default } from './worker-databases';
