export default class {
  onTestRunEnd(modules) {
    const rows = modules.map((m) => { const d = m.diagnostic(); return [m.moduleId.replace(/.*\/test\//, ""), d.collectDuration ?? 0, d.duration ?? 0]; });
    rows.sort((a, b) => b[1] + b[2] - a[1] - a[2]);
    let c = 0, d = 0; for (const r of rows) { c += r[1]; d += r[2]; }
    console.log("sum collect", c.toFixed(0), "sum duration", d.toFixed(0));
    for (const r of rows.slice(0, 25)) console.log(r[1].toFixed(0).padStart(6), r[2].toFixed(0).padStart(6), r[0]);
  }
}
