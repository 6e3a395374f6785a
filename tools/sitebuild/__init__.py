"""The build behind `python3 build.py`: standard library only, so any python3 >= 3.11 runs it.

Modules, imports pointing one way (build.py → these → paths):

- `paths` — where everything is, and the names the steps share (imports nothing of ours);
- `steps` — a named, timed step; commands without a shell; file hashes;
- `bootstrap` — .venv, the pinned pip packages, node_modules, Debian packages, test wheels;
- `headers` — what a response for a file of dist/ says to the browser (policy, types);
- `dist` — the pipeline: dist/ from the source tree, the pinned Pyodide and our wheel;
- `hosts` — those headers as configuration for other hosts (_headers, nginx, Apache);
- `tls` — a throwaway certificate for serving over HTTPS (tests, benches);
- `server` — dist/ over HTTP or HTTPS the way a static host serves it, with those headers,
  logging what it sends.
"""
