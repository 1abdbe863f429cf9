import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { findOnPath, freePort, run, startServer, waitUntilReady } from './processes.mjs';

const execFileAsync = promisify(execFile);
const BINARIES = ['ceph-mon', 'ceph-osd', 'radosgw', 'radosgw-admin', 'ceph', 'monmaptool'];
/** The OSD takes a few ports of its own; Ceph skips the taken ones of this range. */
const OSD_PORTS = [16800, 16899];
/** memstore keeps objects in RAM and hangs writes when full: far above what the tests store. */
const STORE_BYTES = 2 * 1024 ** 3;

function cephConfig(dir, { fsid, monPort, rgwPort }) {
  return `[global]
fsid = ${fsid}
mon host = [v2:127.0.0.1:${monPort}]
public addr = 127.0.0.1
public network = 127.0.0.0/8
ms bind ipv6 = false
ms bind msgr1 = false
ms bind port min = ${OSD_PORTS[0]}
ms bind port max = ${OSD_PORTS[1]}
auth cluster required = none
auth service required = none
auth client required = none
# radosgw connects to the monitor as a daemon, whose default mode ("secure") auth none cannot give
ms mon client mode = crc
run dir = ${dir}/run
pid file = ${dir}/run/$name.pid
admin socket = ${dir}/run/$name.asok
log file = ${dir}/log/$name.log
log to stderr = false
err to stderr = true
crash dir = ${dir}/tmp
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon allow pool delete = true
mon max pg per osd = 1000
mon warn on pool no redundancy = false
mon data avail warn = 2
mon data avail crit = 1
mon warn on insecure global id reclaim allowed = false
mon warn on insecure global id reclaim = false
# one monitor: commit each map change at once instead of batching for a second
paxos propose interval = 0.05
paxos min wait = 0.01

[mon]
mon data = ${dir}/mon.$id
mon cluster log file = ${dir}/log/cluster.log

[osd]
osd data = ${dir}/osd.$id
osd objectstore = memstore
osd crush update on start = true
memstore device bytes = ${STORE_BYTES}
# stopping: the monitor acknowledges the OSD's goodbye at once, no need to wait longer
osd mon shutdown timeout = 1

[client.rgw.a]
# without tcp_nodelay a small answer with a body waits ~40 ms for the client's delayed ACK
rgw frontends = beast endpoint=127.0.0.1:${rgwPort} tcp_nodelay=1
rgw data = ${dir}/rgw
rgw thread pool size = 64
rgw dns name = localhost
# memstore keeps deleted objects' data in RAM until garbage collection: reclaim it after 30 s
rgw gc obj min wait = 30
rgw gc processor period = 30
`;
}

/** The command's standard output; fails with its error output. */
async function output(command, args) {
  const { stdout } = await execFileAsync(findOnPath(command), args, { timeout: 30_000 });
  return stdout;
}

/**
 * Bucket, object and multipart calls once, signed with the new user's keys: they prove S3 works,
 * and make the gateway create its pools now rather than during a test's first calls (seconds).
 */
async function warmUp(url) {
  const s3 = await import('@aws-sdk/client-s3');
  const { username, password, origin } = new URL(url);
  const client = new s3.S3Client({
    endpoint: origin,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: username, secretAccessKey: password },
  });
  const Bucket = `warm-up-${randomBytes(4).toString('hex')}`;
  try {
    await client.send(new s3.CreateBucketCommand({ Bucket }));
    await client.send(new s3.PutObjectCommand({ Bucket, Key: 'object', Body: 'x' }));
    const { UploadId } = await client.send(new s3.CreateMultipartUploadCommand({ Bucket, Key: 'parts' }));
    await client.send(new s3.AbortMultipartUploadCommand({ Bucket, Key: 'parts', UploadId }));
    await client.send(new s3.DeleteObjectCommand({ Bucket, Key: 'object' }));
    await client.send(new s3.DeleteBucketCommand({ Bucket }));
  } finally {
    client.destroy();
  }
}

/**
 * Ceph's S3 gateway on one node: a monitor, one OSD keeping objects in memory, and radosgw on
 * 127.0.0.1, with one S3 user. The URL carries that user's keys: http://KEY:SECRET@127.0.0.1:PORT.
 * Clients must address buckets by path. Stopped in the order gateway, OSD, monitor.
 */
export const cephS3 = {
  name: 'Ceph RADOS Gateway (S3)',
  variable: 'TEST_S3_URL',
  debianPackage: 'radosgw ceph-mon ceph-osd',
  installed: () => BINARIES.every((name) => findOnPath(name) !== undefined),

  async start(dir, defer) {
    return (await startCephS3(dir, defer)).url;
  },
};

/**
 * The same single-node Ceph with a handle on its gateway: `gateway.kill()` stops radosgw alone
 * (SIGKILL, as a crash), `gateway.start()` starts it again on the same port with the same data,
 * so a suite can take S3 away from the site and give it back.
 */
export async function startCephS3(dir, defer) {
  const started = Date.now();
  for (const folder of ['mon.a', 'osd.0', 'run', 'log', 'rgw', 'tmp']) mkdirSync(path.join(dir, folder));
  const [monPort, rgwPort] = [await freePort(), await freePort()];
  const conf = path.join(dir, 'ceph.conf');
  const fsid = randomUUID();
  writeFileSync(conf, cephConfig(dir, { fsid, monPort, rgwPort }));
  const mkfsLog = path.join(dir, 'log', 'mkfs.log');
  const ceph = (...args) => output('ceph', ['-c', conf, '--connect-timeout', '10', ...args]);
  const daemon = (command, args, logName, stopSignal = 'SIGTERM') => {
    const logFile = path.join(dir, 'log', logName);
    const server = startServer(findOnPath(command), ['-f', '-c', conf, ...args], {
      cwd: dir,
      logFile,
      stopSignal,
    });
    defer(() => server.stop());
    return { server, logFile };
  };

  const monmap = path.join(dir, 'tmp', 'monmap');
  await run(
    findOnPath('monmaptool'),
    ['--create', '--fsid', fsid, '--addv', 'a', `[v2:127.0.0.1:${monPort}]`, monmap],
    {
      cwd: dir,
      logFile: mkfsLog,
    },
  );
  await run(findOnPath('ceph-mon'), ['-c', conf, '-i', 'a', '--mkfs', '--monmap', monmap], {
    cwd: dir,
    logFile: mkfsLog,
  });
  const mon = daemon('ceph-mon', ['-i', 'a'], 'mon.a.out');
  await waitUntilReady('ceph-mon', mon.server, () => ceph('mon', 'stat').then(() => true), mon.logFile);

  const osdUuid = randomUUID();
  const osdId = (await ceph('osd', 'new', osdUuid)).trim();
  if (osdId !== '0') throw new Error(`ceph osd new gave the OSD id ${JSON.stringify(osdId)}, expected 0`);
  await run(findOnPath('ceph-osd'), ['-c', conf, '-i', '0', '--mkfs', '--osd-uuid', osdUuid], {
    cwd: dir,
    logFile: mkfsLog,
  });
  const osd = daemon('ceph-osd', ['-i', '0'], 'osd.0.out');
  const osdUp = async () => /^osd\.0 up/m.test(await ceph('osd', 'dump'));
  await waitUntilReady('ceph-osd', osd.server, osdUp, osd.logFile);

  // radosgw's orderly shutdown takes 5 to 10 s and keeps nothing worth it: the cluster is deleted.
  const answers = async () => (await fetch(`http://127.0.0.1:${rgwPort}/`)).status === 200;
  let rgw;
  const startGateway = async () => {
    rgw = daemon('radosgw', ['-n', 'client.rgw.a'], 'rgw.out', 'SIGKILL');
    await waitUntilReady('radosgw', rgw.server, answers, path.join(dir, 'log', 'client.rgw.a.log'));
  };
  await startGateway();

  const accessKey = `test${randomBytes(4).toString('hex')}`;
  const secretKey = randomBytes(20).toString('hex');
  await output('radosgw-admin', [
    '-c',
    conf,
    '-n',
    'client.admin',
    'user',
    'create',
    '--uid=test',
    '--display-name=Test User',
    `--access-key=${accessKey}`,
    `--secret=${secretKey}`,
  ]);
  const url = `http://${accessKey}:${secretKey}@127.0.0.1:${rgwPort}`;
  await warmUp(url);
  console.log(`test:services: Ceph RADOS Gateway ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    url,
    gateway: {
      kill: () => rgw.server.stop(),
      start: startGateway,
    },
  };
}
