import { ExtensionCapture } from './extension-capture';
import { Rejection, Warnings } from './limits';
import * as norm from './normalise';
import {
  addAuth,
  addReason,
  clearRecordDraft,
  finishRecord,
  newRecordDraft,
  type RawAuth,
  type RawReason,
  type RecordDraft,
} from './record-draft';
import type { AggregateRecord, AggregateReport, ExtensionNode } from './types';

// Turns the element events of an aggregate report (RFC 7489 appendix C, RFC 9990) into an AggregateReport.
// Names are matched by local name, so the dmarc-2.0 namespace, no namespace and odd prefixes all work.

const MAX_TEXT = 64 * 1024;
const knownNamespaces = new Set(['urn:ietf:params:xml:ns:dmarc-2.0', 'http://dmarc.org/dmarc-xml/0.1']);
const recordParts = new Set(['row', 'identifiers', 'auth_results']);

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

export class AggregateBuilder {
  readonly warnings = new Warnings();
  private stack: string[] = [];
  /** Index in stack of <feedback>; -1 before it, -2 after it closed. */
  private root = -1;
  private rootName: string | null = null;
  private text = '';
  private textCapped = false;
  private meta: Record<string, string> = {};
  private errors: string[] = [];
  private policy: Record<string, string> = {};
  private version: string | null = null;
  private records: AggregateRecord[] = [];
  private recordIndex = 0;
  private record: RecordDraft | null = null;
  private readonly draft = newRecordDraft();
  private auth: RawAuth | null = null;
  private reason: RawReason | null = null;
  private extensions: ExtensionNode[] = [];
  private readonly capture = new ExtensionCapture();
  private readonly intern = new norm.Interner();

  get closed(): boolean {
    return this.root === -2;
  }

  /** True once <feedback> has been opened. */
  get started(): boolean {
    return this.root !== -1;
  }

  open(name: string, attributes: Record<string, string>): void {
    const local = localName(name);
    this.stack.push(local);
    this.text = '';
    this.textCapped = false;
    if (this.root === -2) return;
    if (this.root === -1) return this.openOutside(name, local, attributes);
    if (this.capture.active) return this.capture.open(name, attributes);

    const depth = this.stack.length - 1 - this.root;
    const parent = this.stack[this.stack.length - 2];
    if (depth === 1 && (local === 'extension' || local === 'extensions')) {
      const node = this.capture.begin(name, attributes);
      if (node) this.extensions.push(node);
    } else if (depth === 1 && local === 'record') {
      clearRecordDraft(this.draft);
      this.record = this.draft;
    } else if (depth === 2 && parent === 'record' && this.record && !recordParts.has(local)) {
      // RFC 9990 lets reporters put their own elements in a record.
      const node = this.capture.begin(name, attributes);
      if (node) this.record.extensions.push(node);
    } else if (this.record && parent === 'auth_results' && (local === 'dkim' || local === 'spf')) {
      this.auth = addAuth(this.record, local === 'dkim');
    } else if (this.record && parent === 'policy_evaluated' && local === 'reason') {
      this.reason = addReason(this.record);
    }
  }

  addText(t: string): void {
    if (this.root < 0) return;
    if (this.capture.active) return this.capture.text(t);
    if (this.text.length + t.length > MAX_TEXT) {
      if (!this.textCapped)
        this.warnings.add(`a <${this.stack[this.stack.length - 1]}> value was cut at 64 KB`);
      this.textCapped = true;
      this.text += t.slice(0, Math.max(0, MAX_TEXT - this.text.length));
      return;
    }
    this.text += t;
  }

  close(): void {
    const local = this.stack.pop() ?? '';
    if (this.root < 0) return;
    if (this.capture.active) {
      this.capture.close();
      return;
    }
    const depth = this.stack.length - this.root;
    if (depth === 0) {
      this.root = -2;
      return;
    }
    const parent = this.stack[this.stack.length - 1];
    // The grandparent is read only for date_range: at depth 1 its index is -1, and V8 reads a negative
    // index through the runtime (about 0.4 µs a record when every close read it).
    const value = this.text;
    this.text = '';
    if (depth === 1) {
      if (local === 'version') this.version = value.trim() || null;
      else if (local === 'record' && this.record) this.endRecord();
    } else if (parent === 'report_metadata' && depth === 2) {
      if (local === 'error') this.errors.push(value.trim());
      else this.meta[local] = value;
    } else if (parent === 'date_range' && this.stack[this.stack.length - 2] === 'report_metadata') {
      this.meta[local] = value;
    } else if (parent === 'policy_published' && depth === 2) {
      this.policy[local] = value;
    } else if (this.record) {
      this.recordField(local, parent, value);
    }
  }

  finish(): AggregateReport {
    if (this.root === -1) throw new Rejection(this.rootReason());
    if (this.root !== -2)
      throw new Rejection('The DMARC report is truncated: the XML ends before </feedback>');
    const w = this.warnings;
    const reportId = this.meta.report_id?.trim();
    if (!reportId) throw new Rejection('The DMARC report has no report_id');
    const domain = norm.domain(this.policy.domain ?? '');
    if (!domain) throw new Rejection('The DMARC report has no policy_published domain');
    const begin = norm.epochSeconds(this.meta.begin ?? '');
    const end = norm.epochSeconds(this.meta.end ?? '');
    if (begin === null || end === null)
      throw new Rejection('The DMARC report has no valid date_range begin and end');
    if (end < begin) w.add('date_range ends before it begins');
    if (Number(this.meta.begin) >= norm.millisecondsFrom || Number(this.meta.end) >= norm.millisecondsFrom)
      w.add('date_range is in milliseconds; read as such');

    const email = this.meta.email?.trim() ?? '';
    let orgName =
      this.meta.org_name
        ?.trim()
        .replace(/^["']+|["']+$/g, '')
        .trim() ?? '';
    if (!orgName) {
      orgName = email.includes('@') ? norm.domain(email.slice(email.lastIndexOf('@') + 1)) : 'unknown';
      w.add(`report_metadata org_name is empty; using ${JSON.stringify(orgName)}`);
    }
    const p = this.policyWord('p', norm.disposition) ?? 'none';
    if (!this.policy.p?.trim()) w.add('policy_published has no p; read as none');
    const pctText = this.policy.pct?.trim();
    const pct = pctText ? norm.count(pctText) : null;
    if (pctText && (pct === null || pct > 100))
      w.add(`policy_published pct ${JSON.stringify(pctText)} ignored`);
    if (this.records.length === 0) w.add('the report holds no usable records');
    if (this.capture.truncated) w.add('extension elements were cut to their size limit');

    const report: AggregateReport = {
      kind: 'aggregate',
      version: this.version,
      reportMetadata: {
        orgName,
        email,
        extraContactInfo: this.meta.extra_contact_info?.trim() || null,
        reportId,
        dateRange: { begin, end },
        errors: this.errors.filter((e) => e !== ''),
        generator: this.meta.generator?.trim() || null,
      },
      policyPublished: {
        domain,
        adkim: this.policyWord('adkim', norm.alignment) ?? 'r',
        aspf: this.policyWord('aspf', norm.alignment) ?? 'r',
        p,
        sp: this.policyWord('sp', norm.disposition),
        np: this.policyWord('np', norm.disposition),
        pct: pct !== null && pct <= 100 ? pct : null,
        fo: this.policy.fo?.trim() || null,
        testing: this.policyWord('testing', norm.yesNo),
        discoveryMethod: this.policy.discovery_method?.trim().toLowerCase() || null,
      },
      records: this.records,
      warnings: w.finish(),
    };
    if (this.extensions.length > 0) report.extensions = this.extensions;
    return report;
  }

  private openOutside(name: string, local: string, attributes: Record<string, string>): void {
    if (this.stack.length === 1) this.rootName = name;
    // Some generators wrap the report in a stray <xs:schema> element; look inside it.
    if (local === 'feedback' && (this.stack.length === 1 || this.stack[0] === 'schema')) {
      this.root = this.stack.length - 1;
      const ns = attributes.xmlns;
      if (ns && !knownNamespaces.has(ns)) this.warnings.add(`unknown XML namespace ${JSON.stringify(ns)}`);
      if (this.stack.length > 1)
        this.warnings.add(`a stray <${this.rootName}> wrapper around <feedback> was ignored`);
      return;
    }
    if (this.stack.length === 1 && local !== 'schema') throw new Rejection(this.rootReason());
  }

  private rootReason(): string {
    return this.rootName === null
      ? 'Not a DMARC report: the file holds no XML element'
      : `Not a DMARC report: the XML root is <${this.rootName}>`;
  }

  private policyWord<T>(key: string, fn: (raw: string) => T | null): T | null {
    const raw = this.policy[key]?.trim();
    if (!raw) return null;
    const v = fn(raw);
    if (v === null)
      this.warnings.add(`policy_published ${key} ${JSON.stringify(raw)} is not understood; ignored`);
    return v;
  }

  private recordField(local: string, parent: string | undefined, value: string): void {
    const r = this.record as RecordDraft;
    if (parent === 'row' || parent === 'record') {
      if (local === 'source_ip') r.sourceIp = value;
      else if (local === 'count') r.count = value;
    } else if (parent === 'policy_evaluated') {
      if (local === 'disposition') r.disposition = value;
      else if (local === 'dkim') r.dkim = value;
      else if (local === 'spf') r.spf = value;
      else if (local === 'reason') this.reason = null;
    } else if (parent === 'reason' && this.reason) {
      if (local === 'type') this.reason.type = value;
      else if (local === 'comment') this.reason.comment = value;
    } else if (parent === 'identifiers') {
      if (local === 'header_from') r.headerFrom = value;
      else if (local === 'envelope_from') r.envelopeFrom = value;
      else if (local === 'envelope_to') r.envelopeTo = value;
    } else if ((parent === 'dkim' || parent === 'spf') && this.auth) {
      if (local === 'domain') this.auth.domain = value;
      else if (local === 'selector') this.auth.selector = value;
      else if (local === 'scope') this.auth.scope = value;
      else if (local === 'result') this.auth.result = value;
      else if (local === 'human_result') this.auth.human = value;
    } else if (parent === 'auth_results' && (local === 'dkim' || local === 'spf')) {
      this.auth = null;
    }
  }

  private endRecord(): void {
    this.recordIndex += 1;
    const rec = finishRecord(this.record as RecordDraft, this.recordIndex, this.intern, this.warnings);
    if (rec) this.records.push(rec);
    this.record = null;
  }
}
