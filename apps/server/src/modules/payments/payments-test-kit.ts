// What tests need to sign a webhook as the sandbox provider does.
export { SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER, signSandbox } from './sandbox-signature.ts';
export { SANDBOX_WEBHOOK_PATH } from './sandbox-provider.ts';
