import { createSocket } from "node:dgram";

/** A DNS server on 127.0.0.1 answering TXT queries from `records` (name → TXT values), NXDOMAIN for any other name. */
export interface DnsStandIn {
  /** host:port, as node:dns setServers and CUSTOM_DOMAIN_DNS_SERVERS take it. */
  address: string;
  records: Map<string, string[]>;
  close(): Promise<void>;
}

const TXT = 16;

/** The queried name and where the question ends. */
function readQuestion(query: Buffer): { name: string; end: number } {
  const labels: string[] = [];
  let offset = 12;
  while (query[offset] !== 0) {
    const length = query[offset]!;
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString("ascii"));
    offset += length + 1;
  }
  return { name: labels.join(".").toLowerCase(), end: offset + 5 };
}

function answer(query: Buffer, records: Map<string, string[]>): Buffer {
  const { name, end } = readQuestion(query);
  const qtype = query.readUInt16BE(end - 4);
  const values = records.get(name);
  const found = values !== undefined && qtype === TXT ? values : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  header.writeUInt16BE(values === undefined ? 0x8183 : 0x8180, 2); // a response, recursion available; NXDOMAIN when unknown
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(found.length, 6);
  const answers = found.map((value) => {
    const data = Buffer.from(value, "utf8");
    const rdata = Buffer.concat([Buffer.from([data.length]), data]);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    fixed.writeUInt16BE(TXT, 2);
    fixed.writeUInt16BE(1, 4);
    fixed.writeUInt32BE(0, 6);
    fixed.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([fixed, rdata]);
  });
  return Buffer.concat([header, query.subarray(12, end), ...answers]);
}

export async function startDnsStandIn(): Promise<DnsStandIn> {
  const records = new Map<string, string[]>();
  const socket = createSocket("udp4");
  socket.on("message", (query, peer) => socket.send(answer(query, records), peer.port, peer.address));
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    records,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
