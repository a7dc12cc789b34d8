const p=JSON.parse(require("fs").readFileSync(process.argv[2]));
const byId=new Map(p.nodes.map(n=>[n.id,n]));
const self=new Map();
const dt=p.timeDeltas;
for(let i=0;i<p.samples.length;i++){const n=byId.get(p.samples[i]);const k=n.callFrame.functionName+" "+(n.callFrame.url.split("/").slice(-2).join("/"))+":"+n.callFrame.lineNumber; self.set(k,(self.get(k)||0)+(dt[i+1]||0));}
[...self.entries()].sort((a,b)=>b[1]-a[1]).slice(0,12).forEach(([k,v])=>console.log((v/1000).toFixed(0).padStart(7),k));
const idle=new Set([...byId.values()].filter(n=>n.callFrame.functionName==="(idle)").map(n=>n.id));
let t=0;const runs=[];let cur=null;
for(let i=0;i<p.samples.length;i++){t+=dt[i]||0;if(!idle.has(p.samples[i])){if(!cur)cur={start:t,fns:new Map()};const n=byId.get(p.samples[i]);const k=n.callFrame.functionName+" "+n.callFrame.url.split("/").slice(-1)[0];cur.fns.set(k,(cur.fns.get(k)||0)+(dt[i+1]||0));cur.end=t;}else if(cur){runs.push(cur);cur=null;}}
runs.sort((a,b)=>(b.end-b.start)-(a.end-a.start));
for(const r of runs.slice(0,6)){console.log("RUN",((r.end-r.start)/1000).toFixed(0),"ms:",[...r.fns.entries()].sort((a,b)=>b[1]-a[1]).slice(0,5).map(([k,v])=>k+"="+(v/1000).toFixed(0)).join(", "));}
