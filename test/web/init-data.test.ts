import { describe, expect, it } from "vitest";
import { signInitData } from "../../bench/testkit/init-data.js";
import { checkInitData, INIT_DATA_MAX_AGE_S, initDataKey } from "../../src/web/init-data.js";

const TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij";
const KEY = initDataKey(TOKEN);
const NOW = Date.UTC(2026, 0, 1, 12);
const USER =
  '{"id":279058397,"first_name":"Vladislav","last_name":"K","username":"vdk","language_code":"ru","is_premium":true,"allows_write_to_pm":true}';

/** Fields as a Telegram app sends them for a direct link opened in a group. */
const FIELDS = {
  user: USER,
  chat_instance: "8134722200314281151",
  chat_type: "supergroup",
  start_param: "g12",
  auth_date: String(NOW / 1000 - 60),
  signature:
    "TYJxVcisqbWjtodPepiJ6ghziUL94-KNpG8Pau-X7oNNLNBM72APCpi_RKiUlBvcqo5L-LAxIc3dnTzcZX_PDg",
};

describe("Telegram's launch data", () => {
  it("takes data signed the documented way, with the user and the start parameter", () => {
    const raw = signInitData(TOKEN, FIELDS);
    expect(checkInitData(raw, KEY, NOW)).toEqual({
      ok: true,
      data: {
        user: {
          id: 279058397,
          firstName: "Vladislav",
          lastName: "K",
          username: "vdk",
          languageCode: "ru",
        },
        authDate: NOW / 1000 - 60,
        startParam: "g12",
      },
    });
  });

  it("refuses data changed after signing, signed with another token, or unsigned", () => {
    const raw = signInitData(TOKEN, FIELDS);
    // Another user id in the same data: the hash no longer fits.
    const changed = raw.replace("279058397", "279058398");
    expect(checkInitData(changed, KEY, NOW)).toEqual({ ok: false, reason: "forged" });
    const other = signInitData("654321:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij", FIELDS);
    expect(checkInitData(other, KEY, NOW)).toEqual({ ok: false, reason: "forged" });
    // A field left out of what was signed.
    const dropped = new URLSearchParams(raw);
    dropped.delete("chat_type");
    expect(checkInitData(dropped.toString(), KEY, NOW)).toEqual({ ok: false, reason: "forged" });
    const unsigned = new URLSearchParams(FIELDS).toString();
    expect(checkInitData(unsigned, KEY, NOW)).toEqual({ ok: false, reason: "malformed" });
    expect(checkInitData("", KEY, NOW)).toEqual({ ok: false, reason: "missing" });
    expect(checkInitData(null, KEY, NOW)).toEqual({ ok: false, reason: "missing" });
  });

  it("refuses a field given twice, and oversized data, before any hashing", () => {
    const raw = signInitData(TOKEN, FIELDS);
    expect(checkInitData(`${raw}&user=${encodeURIComponent(USER)}`, KEY, NOW)).toEqual({
      ok: false,
      reason: "malformed",
    });
    expect(checkInitData(`${raw}&x=${"a".repeat(5000)}`, KEY, NOW)).toEqual({
      ok: false,
      reason: "malformed",
    });
  });

  it("refuses data signed more than a day ago, or well ahead of our clock", () => {
    const at = (ageS: number) =>
      checkInitData(
        signInitData(TOKEN, { ...FIELDS, auth_date: String(NOW / 1000 - ageS) }),
        KEY,
        NOW,
      );
    expect(at(INIT_DATA_MAX_AGE_S - 1).ok).toBe(true);
    expect(at(INIT_DATA_MAX_AGE_S + 1)).toEqual({ ok: false, reason: "stale" });
    expect(at(-60).ok).toBe(true);
    expect(at(-3600)).toEqual({ ok: false, reason: "stale" });
  });

  it("refuses signed data without a usable user", () => {
    const without = { ...FIELDS } as Record<string, string>;
    delete without.user;
    expect(checkInitData(signInitData(TOKEN, without), KEY, NOW)).toEqual({
      ok: false,
      reason: "malformed",
    });
    const bad = signInitData(TOKEN, { ...FIELDS, user: '{"id":-5,"first_name":"X"}' });
    expect(checkInitData(bad, KEY, NOW)).toEqual({ ok: false, reason: "malformed" });
  });
});
