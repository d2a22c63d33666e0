import { describe, expect, it } from "vitest";
import { smsKeywordIntent, toE164 } from "./phone";

describe("toE164", () => {
  it("writes a number however it was typed the one way Twilio and the opt-outs know it", () => {
    for (const typed of ["(555) 561-7947", "555.561.7947", "5555617947", "1 555 561 7947", "+1 555-561-7947"])
      expect(toE164(typed)).toBe("+15555617947");
    expect(toE164("+44 20 7946 0958")).toBe("+442079460958");
  });

  it("is null for what cannot be a number", () => {
    for (const typed of ["", "555-1234", "call me", "+0 555 561 7947", "+1234567", "55 55 61 79 47 12"])
      expect(toE164(typed)).toBeNull();
  });
});

describe("smsKeywordIntent", () => {
  it("knows Twilio's standard opt-out and opt-in keywords, in any case, with punctuation around them", () => {
    for (const body of ["STOP", "stop", " Stop. ", "STOPALL", "unsubscribe", "Cancel", "END", "quit!"])
      expect(smsKeywordIntent(body)).toBe("stop");
    for (const body of ["START", "yes", "Unstop"]) expect(smsKeywordIntent(body)).toBe("start");
  });

  it("leaves ordinary messages alone", () => {
    for (const body of ["Please stop by at 3", "yes please", "Can you come at noon?", ""])
      expect(smsKeywordIntent(body)).toBeNull();
  });
});
