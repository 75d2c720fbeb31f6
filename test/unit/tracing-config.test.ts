/**
 * The tracing settings (docs/behaviour.md, section 25): OTEL_EXPORTER_OTLP_ENDPOINT switches
 * tracing on and must be an http(s) URL; OTEL_SERVICE_NAME names the service, by default after the
 * role. Unset, loadTracing answers null without loading anything.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { loadTracing } from '../../src/observability/tracing.ts';

describe('the tracing settings', () => {
  it('leave tracing off unless OTEL_EXPORTER_OTLP_ENDPOINT is set', async () => {
    const config = loadConfig({});
    expect(config.otelEndpoint).toBeNull();
    expect(await loadTracing(config)).toBeNull();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }).otelEndpoint).toBeNull();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318' }).otelEndpoint).toBe('http://otel-collector:4318');
  });

  it('refuse an endpoint that is not an http(s) URL, in words an operator can act on', () => {
    for (const endpoint of ['otel-collector:4318', 'grpc://otel-collector:4317', 'http://']) {
      let error: unknown;
      try {
        loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
      } catch (caught) {
        error = caught;
      }
      expect(error, endpoint).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual(['OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL']);
    }
  });

  it('name the service after the role unless OTEL_SERVICE_NAME says otherwise', () => {
    expect(loadConfig({}).otelServiceName).toBe('lending-partner-api');
    expect(loadConfig({ ROLE: 'api' }).otelServiceName).toBe('lending-partner-api');
    expect(loadConfig({ ROLE: 'worker' }).otelServiceName).toBe('lending-partner-api-worker');
    expect(loadConfig({ ROLE: 'worker', OTEL_SERVICE_NAME: 'lending-eu-worker' }).otelServiceName).toBe('lending-eu-worker');
  });
});
