// The fakes' tiny HTTP server helpers live beside the Slack emulator, which the playground ships;
// the test fakes use the same ones.
export * from '../../../adapters/slack-emulator/http-server';
