export { isSealed, type SealedValue } from './field-cipher.ts';
export { migratePersonalDataVault, MissingKeyError, openPersonalDataVault, PersonalDataVault } from './key-vault.ts';
export { PersonalDataOpener, personalDataErased, protectPersonalData, sealedDataOf } from './protected-store.ts';
export { copyHistoryProtected, protectPostgresHistory, ProtectionVerificationError, type ProtectionReport } from './protect-history.ts';
