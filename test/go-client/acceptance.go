// Acceptance program: drives this service with the hosted API's official Go client, invopop/client.go v0.59.0
// (package invopop), built outside this repository against that tag. It calls every silo operation the client
// offers — entries (create, create with an id, fetch, fetch by key, updates, folder move, list with paging, copy,
// correct), meta rows, files (upload, new version, Files().Download, Client.Download(url) without a token),
// spool (upload, download, Client.Download("spool:key"), delete), GOBL build and sign, ping, the sequence service
// (series and their entries) and the transform service (workflows, jobs waited for, fetched by id and by key) — and
// checks the error answers the client relies on (404, 409, 422, 401, each with ResponseError.Code filled).
//
// Each call prints one JSON line {"call", "ok", "detail"}; the exit status is 1 when any call failed.
//
//	acceptance -url http://127.0.0.1:8080 -token eyJ...   (or ACCEPTANCE_URL and ACCEPTANCE_TOKEN)
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/invopop/client.go/invopop"
	"github.com/invopop/client.go/pkg/snippets"
	"github.com/invopop/gobl/uuid"
)

// line is what each call prints.
type line struct {
	Call   string `json:"call"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
}

// errSkipped marks a call that could not run because an earlier one it needs failed.
var errSkipped = errors.New("skipped: an earlier call it needs failed")

type run struct {
	ctx    context.Context
	api    *invopop.Client // with the token
	anon   *invopop.Client // without a token
	bad    *invopop.Client // with a token the service must refuse
	out    *json.Encoder
	failed int
	tag    string // makes keys and the folder of this run unique, so runs can repeat in one workspace
}

// check runs one call and prints its line; fn answers a detail and nil when the call did what it should.
func (r *run) check(call string, fn func() (string, error)) {
	detail, err := fn()
	ok := err == nil
	if !ok {
		r.failed++
		if detail != "" {
			detail += ": "
		}
		detail += err.Error()
	}
	_ = r.out.Encode(line{Call: call, OK: ok, Detail: detail})
}

// needs makes a dependent call fail as skipped when what it needs is missing.
func needs(values ...string) error {
	for _, v := range values {
		if v == "" {
			return errSkipped
		}
	}
	return nil
}

func main() {
	base := flag.String("url", os.Getenv("ACCEPTANCE_URL"), "base URL of the service (env ACCEPTANCE_URL)")
	token := flag.String("token", os.Getenv("ACCEPTANCE_TOKEN"), "bearer token of a workspace (env ACCEPTANCE_TOKEN)")
	flag.Parse()
	if *base == "" || *token == "" {
		fmt.Fprintln(os.Stderr, "acceptance: -url and -token (or ACCEPTANCE_URL and ACCEPTANCE_TOKEN) are required")
		os.Exit(2)
	}
	conf := &invopop.Config{BaseURL: strings.TrimRight(*base, "/")}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	r := &run{
		ctx:  ctx,
		api:  invopop.New(invopop.WithConfig(conf), invopop.WithAuthToken(*token)),
		anon: invopop.New(invopop.WithConfig(conf)),
		bad:  invopop.New(invopop.WithConfig(conf), invopop.WithAuthToken(forged(*token))),
		out:  json.NewEncoder(os.Stdout),
		tag:  randomTag(),
	}
	r.out.SetEscapeHTML(false)

	r.ping()
	invoiceID := r.entries()
	r.meta(invoiceID)
	r.files(invoiceID)
	r.spool()
	r.gobl()
	r.sequence()
	r.transform(invoiceID)
	r.errorAnswers(invoiceID)

	if r.failed > 0 {
		os.Exit(1)
	}
}

// forged keeps the token's header and claims under a signature that is not theirs: the service must refuse it.
func forged(token string) string {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return "not-a-token"
	}
	return parts[0] + "." + parts[1] + ".c2lnbmVkIGJ5IG5vYm9keQ"
}

func randomTag() string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// invoice is a partial Spanish invoice: the service calculates and validates it.
func invoice(code string) json.RawMessage {
	return json.RawMessage(`{
		"$schema": "https://gobl.org/draft-0/bill/invoice",
		"series": "ACC", "code": "` + code + `", "currency": "EUR", "issue_date": "2026-11-20",
		"supplier": {"name": "Provide One S.L.", "tax_id": {"country": "ES", "code": "B98602642"}},
		"customer": {"name": "Sample Consumer", "tax_id": {"country": "ES", "code": "54387763P"}},
		"lines": [{"quantity": "20", "item": {"name": "Development services", "price": "90.00"},
			"taxes": [{"cat": "VAT", "rate": "general"}]}]
	}`)
}

// docField reads one string member of the document inside an entry's or a tool's data (an envelope or a document).
func docField(data json.RawMessage, name string) string {
	var env struct {
		Doc map[string]any `json:"doc"`
	}
	if json.Unmarshal(data, &env) == nil && env.Doc != nil {
		s, _ := env.Doc[name].(string)
		return s
	}
	var doc map[string]any
	_ = json.Unmarshal(data, &doc)
	s, _ := doc[name].(string)
	return s
}

func (r *run) ping() {
	r.check("utils.ping", func() (string, error) {
		p := new(invopop.Ping)
		if err := r.api.Utils().Ping(r.ctx, p); err != nil {
			return "", err
		}
		if p.Ping != "pong" {
			return "", fmt.Errorf("ping answered %q", p.Ping)
		}
		return "pong", nil
	})
}

// entries exercises the entry operations and answers the id of the invoice the later calls attach to.
func (r *run) entries() string {
	folder := "acceptance-" + r.tag
	var invoiceID, byID string
	var created *invopop.SiloEntry
	inFolder := []string{}

	r.check("entries.create", func() (string, error) {
		e, err := r.api.Silo().Entries().Create(r.ctx, &invopop.CreateSiloEntry{
			Key: "acc-" + r.tag + "-invoice", Folder: folder, Data: invoice("0001"),
		})
		if err != nil {
			return "", err
		}
		switch {
		case e.ID == "":
			return "", errors.New("no id")
		case e.Key != "acc-"+r.tag+"-invoice" || e.Folder != folder:
			return "", fmt.Errorf("key %q folder %q", e.Key, e.Folder)
		case !strings.HasSuffix(e.DocSchema, "bill/invoice"):
			return "", fmt.Errorf("doc_schema %q", e.DocSchema)
		case e.Digest == nil || e.Digest.Value == "":
			return "", errors.New("no digest")
		}
		invoiceID, created = e.ID, e
		inFolder = append(inFolder, e.ID)
		return e.ID, nil
	})

	r.check("entries.create_with_id", func() (string, error) {
		id := uuid.V7().String()
		e, err := r.api.Silo().Entries().Create(r.ctx, &invopop.CreateSiloEntry{
			ID: id, Key: "acc-" + r.tag + "-by-id", Folder: folder + "-by-id", Data: invoice("0002"),
		})
		if err != nil {
			return "", err
		}
		if e.ID != id {
			return "", fmt.Errorf("asked for id %s, got %s", id, e.ID)
		}
		byID = id
		return id, nil
	})

	r.check("entries.fetch", func() (string, error) {
		if err := needs(invoiceID); err != nil {
			return "", err
		}
		e, err := r.api.Silo().Entries().Fetch(r.ctx, invoiceID)
		if err != nil {
			return "", err
		}
		if e.ID != invoiceID || len(e.Data) == 0 {
			return "", fmt.Errorf("id %s, %d bytes of data", e.ID, len(e.Data))
		}
		created = e
		return fmt.Sprintf("%d bytes of data", len(e.Data)), nil
	})

	r.check("entries.envelope", func() (string, error) {
		if created == nil || len(created.Data) == 0 {
			return "", errSkipped
		}
		env, err := created.Envelope()
		if err != nil {
			return "", err
		}
		if env.Head == nil || env.Document == nil || !strings.HasSuffix(string(env.Document.Schema), "bill/invoice") {
			return "", errors.New("the envelope has no head or no invoice")
		}
		return "head.uuid " + env.Head.UUID.String(), nil
	})

	r.check("entries.snippet", func() (string, error) {
		if created == nil {
			return "", errSkipped
		}
		s, ok := created.Snippet().(*snippets.BillInvoice)
		if !ok || s.Code != "0001" || s.Payable == nil {
			return "", fmt.Errorf("snippet %s", string(created.SnippetData))
		}
		// The parties are snippets.OrgParty: the tax id's country and code, as the hosted API writes them.
		if s.Supplier == nil || string(s.Supplier.Country) != "ES" || s.Supplier.TaxCode != "B98602642" {
			return "", fmt.Errorf("snippet supplier %s", string(created.SnippetData))
		}
		if s.Customer == nil || string(s.Customer.Country) != "ES" || s.Customer.TaxCode != "54387763P" {
			return "", fmt.Errorf("snippet customer %s", string(created.SnippetData))
		}
		return "payable " + s.Payable.String() + ", supplier " + string(s.Supplier.Country) + " " + s.Supplier.TaxCode, nil
	})

	r.check("entries.fetch_by_key", func() (string, error) {
		if err := needs(invoiceID); err != nil {
			return "", err
		}
		e, err := r.api.Silo().Entries().FetchByKey(r.ctx, "acc-"+r.tag+"-invoice")
		if err != nil {
			return "", err
		}
		if e.ID != invoiceID {
			return "", fmt.Errorf("found %s", e.ID)
		}
		return e.ID, nil
	})

	r.check("entries.update_merge_patch", func() (string, error) {
		if err := needs(invoiceID); err != nil {
			return "", err
		}
		e, err := r.api.Silo().Entries().Update(r.ctx, &invopop.UpdateSiloEntry{
			ID: invoiceID, ContentType: invopop.MIMEApplicationMergePatchJSON, Data: json.RawMessage(`{"doc": {"code": "0101"}}`),
		})
		if err != nil {
			return "", err
		}
		if e.ID != invoiceID || docField(e.Data, "code") != "0101" {
			return "", fmt.Errorf("id %s, code %q", e.ID, docField(e.Data, "code"))
		}
		return "code 0101", nil
	})

	r.check("entries.update_json_patch", func() (string, error) {
		if err := needs(invoiceID); err != nil {
			return "", err
		}
		e, err := r.api.Silo().Entries().Update(r.ctx, &invopop.UpdateSiloEntry{
			ID: invoiceID, ContentType: invopop.MIMEApplicationJSONPatch,
			Data: json.RawMessage(`[{"op": "replace", "path": "/doc/code", "value": "0102"}]`),
		})
		if err != nil {
			return "", err
		}
		if docField(e.Data, "code") != "0102" {
			return "", fmt.Errorf("code %q", docField(e.Data, "code"))
		}
		return "code 0102", nil
	})

	r.check("entries.update_document", func() (string, error) {
		if err := needs(invoiceID); err != nil {
			return "", err
		}
		e, err := r.api.Silo().Entries().Update(r.ctx, &invopop.UpdateSiloEntry{ID: invoiceID, Data: invoice("0103")})
		if err != nil {
			return "", err
		}
		if e.ID != invoiceID || docField(e.Data, "code") != "0103" {
			return "", fmt.Errorf("id %s, code %q", e.ID, docField(e.Data, "code"))
		}
		return "code 0103", nil
	})

	r.check("entries.update_folder", func() (string, error) {
		if err := needs(byID); err != nil {
			return "", err
		}
		moved := folder + "-moved"
		e, err := r.api.Silo().Entries().Update(r.ctx, &invopop.UpdateSiloEntry{ID: byID, Folder: moved})
		if err != nil {
			return "", err
		}
		if e.ID != byID || e.Folder != moved {
			return "", fmt.Errorf("id %s, folder %q", e.ID, e.Folder)
		}
		return moved, nil
	})

	r.check("entries.copy", func() (string, error) {
		if err := needs(invoiceID); err != nil {
			return "", err
		}
		e, err := r.api.Silo().Entries().Create(r.ctx, &invopop.CreateSiloEntry{PreviousID: invoiceID, Folder: folder})
		if err != nil {
			return "", err
		}
		if e.ID == "" || e.ID == invoiceID {
			return "", fmt.Errorf("copy id %q", e.ID)
		}
		inFolder = append(inFolder, e.ID)
		return e.ID, nil
	})

	r.check("entries.correct", func() (string, error) {
		if err := needs(invoiceID); err != nil {
			return "", err
		}
		e, err := r.api.Silo().Entries().Create(r.ctx, &invopop.CreateSiloEntry{
			PreviousID: invoiceID, Folder: folder, Correct: json.RawMessage(`{"credit": true, "reason": "returned goods"}`),
		})
		if err != nil {
			return "", err
		}
		if docField(e.Data, "type") != "credit-note" {
			return "", fmt.Errorf("type %q", docField(e.Data, "type"))
		}
		inFolder = append(inFolder, e.ID)
		return e.ID, nil
	})

	// Three entries are in the folder now (invoice, copy, credit note): two pages of two.
	var firstPage []string
	var cursor string
	r.check("entries.list", func() (string, error) {
		col, err := r.api.Silo().Entries().List(r.ctx, &invopop.FindSiloEntries{Folder: folder, Limit: 2})
		if err != nil {
			return "", err
		}
		for _, e := range col.List {
			firstPage = append(firstPage, e.ID)
		}
		if len(col.List) != 2 || col.NextCursor == "" || col.Limit != 2 {
			return "", fmt.Errorf("%d entries, limit %d, next_cursor %q", len(col.List), col.Limit, col.NextCursor)
		}
		cursor = col.NextCursor
		return strings.Join(firstPage, ","), nil
	})

	r.check("entries.list_next_page", func() (string, error) {
		if err := needs(cursor); err != nil {
			return "", err
		}
		col, err := r.api.Silo().Entries().List(r.ctx, &invopop.FindSiloEntries{Folder: folder, Limit: 2, Cursor: cursor})
		if err != nil {
			return "", err
		}
		seen := slices.Clone(firstPage)
		for _, e := range col.List {
			seen = append(seen, e.ID)
		}
		want := slices.Clone(inFolder)
		slices.Sort(seen)
		slices.Sort(want)
		if !slices.Equal(seen, want) || col.NextCursor != "" {
			return "", fmt.Errorf("pages hold %v, the folder %v; next_cursor %q", seen, want, col.NextCursor)
		}
		return fmt.Sprintf("%d entries in two pages", len(seen)), nil
	})

	return invoiceID
}

func (r *run) meta(entryID string) {
	key := "acc-meta"
	ref := "ref-" + r.tag
	metaCall := func(name string, fn func() (*invopop.SiloMeta, error)) {
		r.check(name, func() (string, error) {
			if err := needs(entryID); err != nil {
				return "", err
			}
			m, err := fn()
			if err != nil {
				return "", err
			}
			if m.EntryID != entryID || m.Key != key || m.Ref != ref || !strings.Contains(string(m.Value), `"paid"`) {
				return "", fmt.Errorf("row %+v", *m)
			}
			return m.ID, nil
		})
	}
	metaCall("meta.upsert", func() (*invopop.SiloMeta, error) {
		return r.api.Silo().Meta().Upsert(r.ctx, &invopop.UpsertSiloMeta{
			EntryID: entryID, Key: key, Ref: ref, Value: json.RawMessage(`{"status": "paid"}`), Indexed: true,
		})
	})
	metaCall("meta.fetch", func() (*invopop.SiloMeta, error) { return r.api.Silo().Meta().Fetch(r.ctx, entryID, key) })
	metaCall("meta.fetch_by_ref", func() (*invopop.SiloMeta, error) { return r.api.Silo().Meta().FetchByRef(r.ctx, key, ref) })
	metaCall("meta.fetch_by_owner_and_ref", func() (*invopop.SiloMeta, error) {
		return r.api.Silo().Meta().FetchByOwnerAndRef(r.ctx, key, ref)
	})
	metaCall("meta.delete", func() (*invopop.SiloMeta, error) { return r.api.Silo().Meta().Delete(r.ctx, entryID, key) })
	r.check("meta.fetch_deleted", func() (string, error) {
		if err := needs(entryID); err != nil {
			return "", err
		}
		_, err := r.api.Silo().Meta().Fetch(r.ctx, entryID, key)
		return expectStatus(err, http.StatusNotFound)
	})
}

func (r *run) files(entryID string) {
	fileID := uuid.V7().String()
	first := []byte("%PDF-1.7\nfirst version of the acceptance file\n")
	second := []byte("%PDF-1.7\nsecond version of the acceptance file, a little longer\n")
	var stored *invopop.SiloFile

	upload := func(data []byte, versions int) (string, error) {
		if err := needs(entryID); err != nil {
			return "", err
		}
		f, err := r.api.Silo().Files().Create(r.ctx, &invopop.CreateSiloFile{
			ID: fileID, EntryID: entryID, Name: "invoice.pdf", Key: "pdf", Category: invopop.FileCategoryFormat,
			Desc: "The invoice", MIME: "application/pdf", Data: data, Meta: map[string]string{"lang": "es"},
		})
		if err != nil {
			return "", err
		}
		sum := sha256.Sum256(data)
		switch {
		case f.ID != fileID:
			return "", fmt.Errorf("asked for id %s, got %s", fileID, f.ID)
		case f.Hash != hex.EncodeToString(sum[:]) || int(f.Size) != len(data) || !f.Stored:
			return "", fmt.Errorf("hash %s size %d stored %v", f.Hash, f.Size, f.Stored)
		case f.URL == "":
			return "", errors.New("no url")
		case len(f.Previous) != versions:
			return "", fmt.Errorf("%d earlier versions, want %d", len(f.Previous), versions)
		}
		stored = f
		return f.URL, nil
	}
	r.check("files.create", func() (string, error) { return upload(first, 0) })
	r.check("files.create_new_version", func() (string, error) { return upload(second, 1) })

	r.check("files.download", func() (string, error) {
		if stored == nil {
			return "", errSkipped
		}
		body, err := r.api.Silo().Files().Download(r.ctx, entryID, fileID)
		if err != nil {
			return "", err
		}
		defer body.Close()
		return sameBytes(body, second)
	})

	r.check("download.url", func() (string, error) {
		if stored == nil {
			return "", errSkipped
		}
		// The file's url, as the service gave it, with no token: what a recipient of the link does.
		d, err := r.anon.Download(r.ctx, stored.URL)
		if err != nil {
			return "url " + stored.URL, err
		}
		defer d.Close()
		return sameBytes(d.Data, second)
	})

	r.check("entries.attachments", func() (string, error) {
		if stored == nil {
			return "", errSkipped
		}
		e, err := r.api.Silo().Entries().Fetch(r.ctx, entryID)
		if err != nil {
			return "", err
		}
		for _, f := range e.Files {
			if f.ID == fileID && f.Hash == stored.Hash {
				return "the entry lists " + f.Name, nil
			}
		}
		return "", fmt.Errorf("%d attachments, none is %s", len(e.Files), fileID)
	})
}

// sameBytes reads a download to its end and compares it with what was uploaded.
func sameBytes(body io.Reader, want []byte) (string, error) {
	got, err := io.ReadAll(io.LimitReader(body, 1<<20))
	if err != nil {
		return "", err
	}
	if !bytes.Equal(got, want) {
		return "", fmt.Errorf("got %d bytes %q, want the %d uploaded", len(got), truncate(got), len(want))
	}
	return fmt.Sprintf("%d bytes, as uploaded", len(got)), nil
}

func truncate(b []byte) string {
	if len(b) > 80 {
		return string(b[:80]) + "…"
	}
	return string(b)
}

func (r *run) spool() {
	data := []byte("<Invoice>spooled by the acceptance program</Invoice>")
	var key string
	r.check("spool.upload", func() (string, error) {
		k, err := r.api.Silo().Spool().Upload(r.ctx, "invoice.xml", "application/xml", data)
		if err != nil {
			return "", err
		}
		if k == "" {
			return "", errors.New("no key")
		}
		key = k
		return k, nil
	})
	download := func(get func() (*invopop.Download, error)) (string, error) {
		if err := needs(key); err != nil {
			return "", err
		}
		d, err := get()
		if err != nil {
			return "", err
		}
		defer d.Close()
		if !strings.HasPrefix(d.Type, "application/xml") {
			return "", fmt.Errorf("type %q", d.Type)
		}
		return sameBytes(d.Data, data)
	}
	r.check("spool.download", func() (string, error) {
		return download(func() (*invopop.Download, error) { return r.api.Silo().Spool().Download(r.ctx, key) })
	})
	r.check("download.spool", func() (string, error) {
		return download(func() (*invopop.Download, error) { return r.api.Download(r.ctx, "spool:"+key) })
	})
	r.check("spool.delete", func() (string, error) {
		if err := needs(key); err != nil {
			return "", err
		}
		return key, r.api.Silo().Spool().Delete(r.ctx, key)
	})
	r.check("spool.download_deleted", func() (string, error) {
		if err := needs(key); err != nil {
			return "", err
		}
		_, err := r.api.Silo().Spool().Download(r.ctx, key)
		return expectStatus(err, http.StatusNotFound)
	})
}

func (r *run) gobl() {
	r.check("gobl.build", func() (string, error) {
		out, err := r.api.Silo().GOBL().Build(r.ctx, &invopop.BuildGOBL{Data: invoice("0201")})
		if err != nil {
			return "", err
		}
		var doc struct {
			Schema string `json:"$schema"`
			Totals struct {
				Payable string `json:"payable"`
			} `json:"totals"`
		}
		if json.Unmarshal(out.Data, &doc) != nil || !strings.HasSuffix(doc.Schema, "bill/invoice") || doc.Totals.Payable == "" {
			return "", fmt.Errorf("answer %s", truncate(out.Data))
		}
		return "payable " + doc.Totals.Payable, nil
	})
	r.check("gobl.build_envelop", func() (string, error) {
		out, err := r.api.Silo().GOBL().Build(r.ctx, &invopop.BuildGOBL{Data: invoice("0202"), Envelop: true})
		if err != nil {
			return "", err
		}
		if docField(out.Data, "code") != "0202" || !strings.Contains(string(out.Data), `"head"`) {
			return "", fmt.Errorf("answer %s", truncate(out.Data))
		}
		return "an envelope", nil
	})
	r.check("gobl.sign", func() (string, error) {
		out, err := r.api.Silo().GOBL().Sign(r.ctx, &invopop.SignGOBL{Data: invoice("0203")})
		if err != nil {
			return "", err
		}
		var env struct {
			Sigs []string `json:"sigs"`
		}
		if json.Unmarshal(out.Data, &env) != nil || len(env.Sigs) == 0 {
			return "", fmt.Errorf("answer %s", truncate(out.Data))
		}
		return fmt.Sprintf("%d signature(s)", len(env.Sigs)), nil
	})
}

// expectStatus passes when err is the client's ResponseError with that status.
func expectStatus(err error, status int) (string, error) {
	re := invopop.AsResponseError(err)
	if re == nil {
		return "", fmt.Errorf("want a %d answer, got %v", status, err)
	}
	if re.StatusCode() != status {
		return "", fmt.Errorf("want %d, got %s", status, re.Error())
	}
	return re.Error(), nil
}

// errorAnswers checks, for each error status, the status and that the client reads a code and a message.
func (r *run) errorAnswers(entryID string) {
	cases := []struct {
		call   string
		status int
		helper func(error) bool
		fields bool // the answer names the fields at fault
		send   func() error
	}{
		{"errors.404_fetch", http.StatusNotFound, invopop.IsNotFound, false, func() error {
			_, err := r.api.Silo().Entries().Fetch(r.ctx, uuid.V7().String())
			return err
		}},
		{"errors.404_fetch_by_key", http.StatusNotFound, invopop.IsNotFound, false, func() error {
			_, err := r.api.Silo().Entries().FetchByKey(r.ctx, "acc-"+r.tag+"-nobody")
			return err
		}},
		{"errors.409_create_with_id", http.StatusConflict, invopop.IsConflict, false, func() error {
			if entryID == "" {
				return errSkipped
			}
			_, err := r.api.Silo().Entries().Create(r.ctx, &invopop.CreateSiloEntry{ID: entryID, Data: invoice("0301")})
			return err
		}},
		{"errors.422_unknown_schema", http.StatusUnprocessableEntity, nil, false, func() error {
			_, err := r.api.Silo().Entries().Create(r.ctx, &invopop.CreateSiloEntry{
				Data: json.RawMessage(`{"$schema": "https://gobl.org/draft-0/no/such-thing"}`),
			})
			return err
		}},
		{"errors.422_validation", http.StatusUnprocessableEntity, nil, true, func() error {
			_, err := r.api.Silo().Entries().Create(r.ctx, &invopop.CreateSiloEntry{
				Data: json.RawMessage(`{"$schema": "https://gobl.org/draft-0/bill/invoice", "currency": "EUR"}`),
			})
			return err
		}},
		{"errors.401_ping", http.StatusUnauthorized, nil, false, func() error {
			return r.bad.Utils().Ping(r.ctx, new(invopop.Ping))
		}},
		{"errors.401_no_token", http.StatusUnauthorized, nil, false, func() error {
			_, err := r.anon.Silo().Entries().List(r.ctx, &invopop.FindSiloEntries{})
			return err
		}},
	}
	for _, c := range cases {
		err := c.send()
		r.check(c.call, func() (string, error) {
			if errors.Is(err, errSkipped) {
				return "", err
			}
			detail, problem := expectStatus(err, c.status)
			if problem == nil && c.helper != nil && !c.helper(err) {
				problem = errors.New("the client's Is helper does not recognise it")
			}
			if problem == nil && c.fields && len(invopop.AsResponseError(err).Fields.Flatten()) == 0 {
				problem = errors.New("no fields")
			}
			return detail, problem
		})
		r.check(c.call+".code", func() (string, error) {
			re := invopop.AsResponseError(err)
			if re == nil {
				return "", errSkipped
			}
			if re.Code == "" || re.Message == "" {
				return "", fmt.Errorf("code %q, message %q", re.Code, re.Message)
			}
			return re.Code, nil
		})
	}
}

// sequence creates a series, takes two codes from it (one id twice) and reads them back.
func (r *run) sequence() {
	seriesID := uuid.V7().String()
	first, second := uuid.V7().String(), uuid.V7().String()
	r.check("sequence.series.create", func() (string, error) {
		s, err := r.api.Sequence().Create(r.ctx, &invopop.CreateSeries{
			ID: seriesID, Name: "Acceptance " + r.tag, Prefix: "ACC-", Padding: 4, Start: 7,
		})
		if err != nil {
			return "", err
		}
		if s.ID != seriesID || s.Prefix != "ACC-" || s.Padding != 4 || s.Start != 7 {
			return "", fmt.Errorf("id %q prefix %q padding %d start %d", s.ID, s.Prefix, s.Padding, s.Start)
		}
		return s.ID, nil
	})
	r.check("sequence.entries.create", func() (string, error) {
		codes := []string{}
		for _, id := range []string{first, second, first} {
			e, err := r.api.Sequence().CreateEntry(r.ctx, seriesID, &invopop.CreateSeriesEntry{
				ID: id, Meta: map[string]string{"run": r.tag},
			})
			if err != nil {
				return strings.Join(codes, " "), err
			}
			codes = append(codes, e.Code)
		}
		if want := []string{"ACC-0007", "ACC-0008", "ACC-0007"}; !slices.Equal(codes, want) {
			return "", fmt.Errorf("codes %v, not %v", codes, want)
		}
		return strings.Join(codes, " "), nil
	})
	r.check("sequence.entries.fetch", func() (string, error) {
		e, err := r.api.Sequence().FetchEntry(r.ctx, seriesID, second)
		if err != nil {
			return "", err
		}
		if e.ID != second || e.Code != "ACC-0008" {
			return "", fmt.Errorf("id %q code %q", e.ID, e.Code)
		}
		return e.Code, nil
	})
	r.check("sequence.series.fetch", func() (string, error) {
		s, err := r.api.Sequence().Fetch(r.ctx, seriesID)
		if err != nil {
			return "", err
		}
		if s.LastIndex != 8 || s.LastEntryID != second || s.CreatedAt == "" {
			return "", fmt.Errorf("last_index %d last_entry_id %q created_at %q", s.LastIndex, s.LastEntryID, s.CreatedAt)
		}
		return s.Name, nil
	})
	r.check("sequence.series.list", func() (string, error) {
		list, err := r.api.Sequence().List(r.ctx)
		if err != nil {
			return "", err
		}
		for _, s := range list.List {
			if s.ID == seriesID {
				return fmt.Sprintf("%d series", len(list.List)), nil
			}
		}
		return "", errors.New("the new series is not listed")
	})
}

// draft is a partial invoice without a code: the workflow numbers it.
func draft() json.RawMessage {
	return json.RawMessage(`{
		"$schema": "https://gobl.org/draft-0/bill/invoice",
		"series": "WF", "currency": "EUR", "issue_date": "2026-11-20",
		"supplier": {"name": "Provide One S.L.", "tax_id": {"country": "ES", "code": "B98602642"}},
		"customer": {"name": "Sample Consumer", "tax_id": {"country": "ES", "code": "54387763P"}},
		"lines": [{"quantity": "2", "item": {"name": "Development services", "price": "90.00"},
			"taxes": [{"cat": "VAT", "rate": "general"}]}]
	}`)
}

// jobDone checks a finished job as the client reads it: completed, no fault, one intent per step, one attachment.
func jobDone(j *invopop.Job, steps int) error {
	done, err := j.Status()
	switch {
	case err != nil:
		return err
	case !done:
		return errors.New("not completed")
	case len(j.Faults) > 0:
		return fmt.Errorf("faults: %s %s", j.Faults[0].Code, j.Faults[0].Message)
	case len(j.Intents) != steps:
		return fmt.Errorf("%d intents, not %d", len(j.Intents), steps)
	case len(j.Files) != 1 || !strings.HasSuffix(j.Files[0].Name, ".pdf"):
		return fmt.Errorf("%d attachments", len(j.Files))
	case j.SiloEntryID == "":
		return errors.New("no silo_entry_id")
	}
	for _, intent := range j.Intents {
		if intent.StepID == "" || intent.Provider == "" || len(intent.Events) == 0 {
			return fmt.Errorf("intent %+v", intent)
		}
	}
	return nil
}

// transform creates a workflow (number, then PDF), edits it, and runs jobs on a new document and on an entry.
func (r *run) transform(entryID string) {
	var workflowID, jobID string
	steps := []*invopop.Step{
		{ID: uuid.V7().String(), Name: "Number", Action: "sequence.enumerate",
			Config: json.RawMessage(`{"name": "acceptance-` + r.tag + `", "padding": 3}`)},
		{ID: uuid.V7().String(), Name: "PDF", Action: "pdf"},
	}
	r.check("workflows.create", func() (string, error) {
		w, err := r.api.Transform().Workflows().Create(r.ctx, &invopop.CreateWorkflow{
			Name: "Acceptance " + r.tag, Schema: "bill/invoice", Steps: steps,
		})
		if err != nil {
			return "", err
		}
		if w.ID == "" || len(w.Steps) != 2 || w.Steps[0].Action != "sequence.enumerate" || w.Steps[1].Action != "pdf" {
			return "", fmt.Errorf("id %q steps %d", w.ID, len(w.Steps))
		}
		workflowID = w.ID
		return w.ID, nil
	})
	r.check("workflows.update", func() (string, error) {
		if err := needs(workflowID); err != nil {
			return "", err
		}
		w, err := r.api.Transform().Workflows().Update(r.ctx, &invopop.UpdateWorkflow{
			ID: workflowID, Name: "Acceptance " + r.tag + " (edited)", Steps: steps,
		})
		if err != nil {
			return "", err
		}
		if w.Name != "Acceptance "+r.tag+" (edited)" {
			return "", fmt.Errorf("name %q", w.Name)
		}
		return w.Version, nil
	})
	r.check("workflows.fetch", func() (string, error) {
		if err := needs(workflowID); err != nil {
			return "", err
		}
		w, err := r.api.Transform().Workflows().Fetch(r.ctx, workflowID)
		if err != nil {
			return "", err
		}
		if w.Steps[0].ID != steps[0].ID || !strings.Contains(string(w.Steps[0].Config), "acceptance-"+r.tag) {
			return "", fmt.Errorf("step %q config %s", w.Steps[0].ID, w.Steps[0].Config)
		}
		return w.Name, nil
	})
	r.check("workflows.list", func() (string, error) {
		list, err := r.api.Transform().Workflows().List(r.ctx, &invopop.FindWorkflows{Limit: 100, Schema: "bill/invoice"})
		if err != nil {
			return "", err
		}
		for _, w := range list.List {
			if w.ID == workflowID {
				return fmt.Sprintf("%d workflows", len(list.List)), nil
			}
		}
		return "", errors.New("the new workflow is not listed")
	})
	key := "acc-" + r.tag + "-job"
	r.check("jobs.create_wait", func() (string, error) {
		if err := needs(workflowID); err != nil {
			return "", err
		}
		j, err := r.api.Transform().Jobs().Create(r.ctx, &invopop.CreateJob{
			WorkflowID: workflowID, Data: draft(), Key: key, Args: map[string]string{"run": r.tag}, Wait: 30,
		})
		if err != nil {
			return "", err
		}
		if err := jobDone(j, 2); err != nil {
			return j.ID, err
		}
		if code := j.Intents[0].Events[len(j.Intents[0].Events)-1].Code; code != "001" {
			return "", fmt.Errorf("numbered %q", code)
		}
		jobID = j.ID
		return j.ID, nil
	})
	r.check("jobs.fetch", func() (string, error) {
		if err := needs(jobID); err != nil {
			return "", err
		}
		j, err := r.api.Transform().Jobs().Fetch(r.ctx, jobID)
		if err != nil {
			return "", err
		}
		return j.CompletedAt, jobDone(j, 2)
	})
	r.check("jobs.fetch_by_key", func() (string, error) {
		if err := needs(jobID); err != nil {
			return "", err
		}
		j, err := r.api.Transform().Jobs().FetchByKey(r.ctx, key)
		if err != nil {
			return "", err
		}
		if j.ID != jobID || j.Key != key || j.Args["run"] != r.tag {
			return "", fmt.Errorf("id %q key %q args %v", j.ID, j.Key, j.Args)
		}
		return j.ID, nil
	})
	r.check("jobs.create_with_id", func() (string, error) {
		if err := needs(workflowID, entryID); err != nil {
			return "", err
		}
		id := uuid.V7().String()
		j, err := r.api.Transform().Jobs().Create(r.ctx, &invopop.CreateJob{
			ID: id, WorkflowID: workflowID, SiloEntryID: entryID, Tags: []string{"acceptance"}, Wait: 30,
		})
		if err != nil {
			return "", err
		}
		if j.ID != id || j.SiloEntryID != entryID {
			return "", fmt.Errorf("id %q silo_entry_id %q", j.ID, j.SiloEntryID)
		}
		// The entry has its code already: numbering is skipped, the PDF made.
		return j.ID, jobDone(j, 2)
	})
}
