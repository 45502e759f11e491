export { migratePersonalDataVault, openPersonalDataVault, PersonalDataVault } from './key-vault.ts';
export { PersonalDataOpener, protectPersonalData, sealedDataOf } from './protected-store.ts';
export { copyHistoryProtected, protectPostgresHistory, ProtectionVerificationError, type ProtectionReport } from './protect-history.ts';
