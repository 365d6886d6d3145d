import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountApi } from "../../src/hosting/account/index.js";
import { Metrics } from "../../src/http/metrics.js";
import { FakeAccountApi } from "../fakes/account-api.js";

const fake = new FakeAccountApi();
beforeAll(() => fake.start());
afterAll(() => fake.stop());

describe("metrics", () => {
  it("counts hosting API calls by API, endpoint template and status", async () => {
    fake.addAccount({ login: "shop", password: "pw" });
    const key = fake.addKey("shop");
    const metrics = new Metrics();
    const api = new AccountApi({ baseUrl: fake.url, apiKey: () => key, observe: metrics.observeHostingCall });
    await api.servers();
    await api.server(999_999).catch(() => undefined);
    const text = await metrics.registry.metrics();
    expect(text).toContain('hosting_api_calls_total{api="account",endpoint="GET /servers",status="200"} 1');
    expect(text).toContain(
      'hosting_api_calls_total{api="account",endpoint="GET /servers/{id}",status="404"} 1',
    );
    expect(text).toMatch(
      /hosting_api_call_duration_seconds_count\{api="account",endpoint="GET \/servers"\} 1/,
    );
  });
});
