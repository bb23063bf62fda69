import fc from "fast-check";
import { v5 as uuidV5 } from "uuid";
import { describe, expect, it } from "vitest";
import { CLIP_ID_NAMESPACE, clipIdOf } from "./ids.js";

describe("clipIdOf", () => {
  it("gives the same UUID v5 for the same video id, every time", () => {
    expect(clipIdOf("dQw4w9WgXcQ")).toBe(clipIdOf("dQw4w9WgXcQ"));
    expect(clipIdOf("dQw4w9WgXcQ")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it("gives different ids to different videos", () => {
    expect(clipIdOf("demo00000001")).not.toBe(clipIdOf("demo00000002"));
  });

  it("is pinned: a change of namespace would break every stored clip id", () => {
    expect(clipIdOf("abc")).toBe("d3363e0d-bcb8-5fd6-a794-4aa6bfa539f2");
    expect(clipIdOf("dQw4w9WgXcQ")).toBe("eb25d2d2-dbca-589d-ba5c-c1e94acff0b5");
  });

  it("is the uuid package's UUID v5 of the name in the namespace, for any video id", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 64 }), (videoId) => {
        expect(clipIdOf(videoId)).toBe(uuidV5(`youtube:${videoId}`, CLIP_ID_NAMESPACE));
      }),
    );
  });
});
