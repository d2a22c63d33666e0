import { createHash, createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

interface StoredObject {
  bytes: Buffer;
  etag: string;
  lastModified: Date;
}

/**
 * A local stand-in of S3's HTTP API for one bucket, path-style (`/<bucket>/<key>`), kept in memory: PutObject,
 * GetObject, HeadObject, DeleteObject, DeleteObjects and ListObjectsV2, answering in S3's XML. Every request must carry
 * a SigV4 Authorization header signed with `secretAccessKey` (change it to play a wrong secret): the signature is
 * recomputed here, independently of the SDK, and a mismatch is S3's 403 SignatureDoesNotMatch. The payload is the one
 * hashed in `x-amz-content-sha256`, or UNSIGNED-PAYLOAD; the aws-chunked encoding is not spoken.
 */
export interface S3StandIn {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, StoredObject>;
  close(): Promise<void>;
}

const XMLNS = "http://s3.amazonaws.com/doc/2006-03-01/";
const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
const unescapeXml = (text: string) =>
  text.replace(
    /&(lt|gt|amp|apos|quot);/g,
    (_, name: string) => ({ lt: "<", gt: ">", amp: "&", apos: "'", quot: '"' })[name]!,
  );
const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
/** RFC 3986 encoding, as SigV4's canonical query string wants it. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The signature SigV4 gives the request with `secret`, or null when it is not signed with `accessKeyId`. */
function expectedSignature(request: IncomingMessage, accessKeyId: string, secret: string) {
  const authorization =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      request.headers.authorization ?? "",
    );
  if (!authorization || authorization[1] !== accessKeyId) return null;
  const [, , date = "", region = "", signedHeaders = "", signature = ""] = authorization;
  const [path = "/", query = ""] = (request.url ?? "/").split("?");
  const canonicalQuery = query
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const [name = "", value = ""] = pair.split("=").map((part) => decodeURIComponent(part));
      return [encode(name), encode(value)];
    })
    .sort(([a = "", x = ""], [b = "", y = ""]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalHeaders = signedHeaders
    .split(";")
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    request.headers["x-amz-content-sha256"],
  ].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", request.headers["x-amz-date"], scope, sha256(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), "s3"), "aws4_request");
  return { expected: hmac(key, stringToSign).toString("hex"), sent: signature };
}

async function readBytes(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendError(response: ServerResponse, status: number, code: string, message: string, extra = "") {
  response.writeHead(status, { "content-type": "application/xml" });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>` +
      `${extra}<RequestId>${randomUUID()}</RequestId></Error>`,
  );
}

function sendXml(response: ServerResponse, body: string) {
  response.writeHead(200, { "content-type": "application/xml" });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

/** ListObjectsV2: keys under `prefix` in order, `max-keys` at a time; the continuation token is the last key sent. */
function listObjects(standIn: S3StandIn, params: URLSearchParams) {
  const prefix = params.get("prefix") ?? "";
  const after = params.has("continuation-token")
    ? Buffer.from(params.get("continuation-token")!, "base64url").toString()
    : "";
  const maxKeys = Number(params.get("max-keys") ?? 1000);
  const keys = [...standIn.objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const contents = page.map((key) => {
    const object = standIn.objects.get(key)!;
    return (
      `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified>` +
      `<ETag>&quot;${object.etag}&quot;</ETag><Size>${object.bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
    );
  });
  return (
    `<ListBucketResult xmlns="${XMLNS}"><Name>${standIn.bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix>` +
    `<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
    (params.has("continuation-token")
      ? `<ContinuationToken>${escapeXml(params.get("continuation-token")!)}</ContinuationToken>`
      : "") +
    (truncated
      ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString("base64url")}</NextContinuationToken>`
      : "") +
    `${contents.join("")}</ListBucketResult>`
  );
}

export async function startS3StandIn(
  options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<S3StandIn> {
  const standIn: S3StandIn = {
    url: "",
    bucket: options.bucket ?? "fieldops-files",
    accessKeyId: options.accessKeyId ?? "AKIASTANDIN000000000",
    secretAccessKey: options.secretAccessKey ?? "stand-in-secret-access-key",
    objects: new Map(),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBytes(request);
      const signature = expectedSignature(request, standIn.accessKeyId, standIn.secretAccessKey);
      if (!signature)
        return sendError(
          response,
          403,
          "InvalidAccessKeyId",
          "The AWS Access Key Id you provided does not exist in our records.",
        );
      if (signature.expected !== signature.sent)
        return sendError(
          response,
          403,
          "SignatureDoesNotMatch",
          "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
        );
      const payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
      if (payloadHash.startsWith("STREAMING-"))
        return sendError(response, 501, "NotImplemented", "The stand-in does not take the aws-chunked encoding.");
      if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body))
        return sendError(
          response,
          400,
          "XAmzContentSHA256Mismatch",
          "The provided 'x-amz-content-sha256' header does not match what was computed.",
        );

      const url = new URL(request.url ?? "/", "http://stand-in");
      const [, bucket = "", ...rest] = url.pathname.split("/");
      const key = decodeURIComponent(rest.join("/"));
      if (bucket !== standIn.bucket)
        return sendError(
          response,
          404,
          "NoSuchBucket",
          "The specified bucket does not exist",
          `<BucketName>${escapeXml(bucket)}</BucketName>`,
        );
      if (!key) {
        if (request.method === "GET" && url.searchParams.get("list-type") === "2")
          return sendXml(response, listObjects(standIn, url.searchParams));
        if (request.method === "POST" && url.searchParams.has("delete")) {
          const xml = body.toString("utf8");
          const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => unescapeXml(match[1]!));
          for (const deleted of keys) standIn.objects.delete(deleted);
          const quiet = /<Quiet>true<\/Quiet>/.test(xml);
          const listed = quiet
            ? ""
            : keys.map((deleted) => `<Deleted><Key>${escapeXml(deleted)}</Key></Deleted>`).join("");
          return sendXml(response, `<DeleteResult xmlns="${XMLNS}">${listed}</DeleteResult>`);
        }
        return sendError(response, 501, "NotImplemented", "The stand-in does not do this bucket operation.");
      }
      if (request.method === "PUT") {
        const etag = createHash("md5").update(body).digest("hex");
        standIn.objects.set(key, { bytes: body, etag, lastModified: new Date() });
        response.writeHead(200, { etag: `"${etag}"` }).end();
        return;
      }
      if (request.method === "DELETE") {
        standIn.objects.delete(key);
        response.writeHead(204).end();
        return;
      }
      const object = standIn.objects.get(key);
      if (request.method === "HEAD" || request.method === "GET") {
        if (!object) {
          // S3 answers a HEAD without a body.
          if (request.method === "HEAD") return void response.writeHead(404).end();
          return sendError(
            response,
            404,
            "NoSuchKey",
            "The specified key does not exist.",
            `<Key>${escapeXml(key)}</Key>`,
          );
        }
        response.writeHead(200, {
          "content-type": "application/octet-stream",
          "content-length": object.bytes.length,
          etag: `"${object.etag}"`,
          "last-modified": object.lastModified.toUTCString(),
        });
        response.end(request.method === "GET" ? object.bytes : undefined);
        return;
      }
      sendError(response, 405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
